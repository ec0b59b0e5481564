import { assert, call, DESKTOP, expectAccessible, newPage, png, Skip, unavailable, ymd } from '../helpers.mjs';

/** A demo host's car that books at once (demo car 2). */
const CAR = '01940000-0000-7000-8000-000000000002';

/** The demo guest books two days far ahead (another free window if one is taken). */
async function book(base, token) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const from = 200 + Math.floor(Math.random() * 150);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: CAR, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
      age: 36, extras: [], protectionPlanType: 'Standard', message: 'browser test: additional driver',
    }, token, { 'idempotency-key': `e2e-driver-${Date.now()}-${attempt}` });
    if (s === 201) return b.data.tripId;
    assert.equal(s, 409, JSON.stringify(b));
  }
  throw new Error('no free window for the demo car');
}

/** The invitation email as the invitee receives it: its link and token. */
async function invitationEmail(base, to) {
  for (let i = 0; i < 50; i++) {
    const r = await (await fetch(`${base}/v1/dev/outbox?to=${encodeURIComponent(to)}`)).json();
    const m = r.data?.find((x) => x.subject?.endsWith('invited you to drive'));
    if (m) return m;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no invitation email reached ${to}`);
}

export const tests = {
  async 'an invited friend opens the email link, logs in, verifies and joins the trip'({ browser, base, shot }) {
    const [ls, guest] = await call(base, 'POST', '/v1/users/login', { email: 'guest@demo.local', password: 'DemoGuest123!' });
    assert.equal(ls, 200, 'demo login');
    const down = await unavailable(base, 'POST', '/v1/trips/addAdditionalDriver', guest.access_token);
    if (down) throw new Skip(down);
    const tripId = await book(base, guest.access_token);
    try {
      // The friend has an account with the invited email, but no licence or selfie yet.
      const email = `driver-e2e-${Date.now()}@example.com`;
      const password = 'DriverTester123!';
      const [ss, b] = await call(base, 'POST', '/v1/users/sign-up', {
        firstName: 'Dana', lastName: 'Driver', email, phoneNumber: `555${String(Date.now()).slice(-7)}`,
        password, signUpCode: 'DEMO-INVITE', promotions_enrollment: false,
      });
      assert.equal(ss, 201, JSON.stringify(b));
      const [is, ib] = await call(base, 'POST', '/v1/trips/addAdditionalDriver', { tripId, additionalDriverEmails: [email] }, guest.access_token);
      assert.equal(is, 200, JSON.stringify(ib));

      // The email carries the link; the friend opens it signed out and logs in from the page.
      const mail = await invitationEmail(base, email);
      const link = mail.body.match(/https?:\/\/\S+\/additional-driver\?token=[\w%-]+/)?.[0];
      assert.ok(link, mail.body);
      const page = await newPage(browser, DESKTOP);
      await page.goto(`${base}${new URL(link).pathname}${new URL(link).search}`);
      await page.getByRole('heading', { name: 'Sign in to accept' }).waitFor();
      await shot(page, 'invitation-signed-out');
      await page.getByTestId('additional-driver-page').getByRole('button', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log in' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password').fill(password);
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: "You're invited to drive" }).waitFor();
      const trip = (await (await fetch(`${base}/v1/trips/getTrip/${tripId}`, { headers: { authorization: `Bearer ${guest.access_token}` } })).json()).data;
      await page.getByText(trip.reservationNumber).first().waitFor();
      await shot(page, 'invitation');
      await expectAccessible(page, 'driver invitation');

      // Without a licence and selfie the server refuses, and the page says what to do.
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.getByText('Verify your identity first').waitFor();
      await shot(page, 'invitation-verify-first');

      // With a date of birth, licence and selfie on file (as the verification page records
      // them), accepting adds the friend to the trip.
      const [ls2, friend] = await call(base, 'POST', '/v1/users/login', { email, password });
      assert.equal(ls2, 200);
      const [ps] = await call(base, 'PUT', '/v1/users/driverLicense', { firstName: 'Test', lastName: 'Driver', licenseNumber: 'D1234567', issueDate: '2022-01-15', expirationDate: `${new Date().getFullYear() + 5}-01-15`, dob: '1990-01-01' }, friend.access_token);
      assert.equal(ps, 200);
      for (const type of ['dl', 'dlBackSide', 'selfie']) {
        const form = new FormData();
        form.append('type', type);
        form.append('file', new Blob([png()], { type: 'image/png' }), `${type}.png`);
        const r = await fetch(`${base}/v1/users/uploadDriverDocument`, { method: 'POST', headers: { authorization: `Bearer ${friend.access_token}` }, body: form });
        assert.equal(r.status, 200, `${type}: ${await r.text()}`);
      }
      await page.reload();
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.getByRole('heading', { name: "You're a driver on this trip" }).waitFor();
      await shot(page, 'invitation-accepted');
      const after = (await (await fetch(`${base}/v1/trips/getTrip/${tripId}`, { headers: { authorization: `Bearer ${guest.access_token}` } })).json()).data;
      assert.ok(after.additionalDrivers.some((d) => d.email === email && d.status === 'added'), JSON.stringify(after.additionalDrivers));

      // The driver opens the trip: its car, times and reservation, and none of its money.
      await page.getByRole('link', { name: 'See the trip' }).click();
      await page.getByTestId('trip-driver-note').waitFor();
      await page.getByText(`Reservation number: ${trip.reservationNumber}`).waitFor();
      assert.equal(await page.getByText('Invoice total:').count(), 0);
      await shot(page, 'driver-trip');
      await expectAccessible(page, 'trip page of an additional driver');
      await page.context().close();
    } finally {
      await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.access_token, { 'idempotency-key': `e2e-cancel-${tripId}` });
    }
  },
};
