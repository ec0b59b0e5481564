import { apiLogin, assert, call, DESKTOP, expectAccessible, login, newPage, Skip, unavailable, ymd } from '../helpers.mjs';

const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
/** A demo host's car that books at once (demo car 2 of host@demo.local). */
const CAR = '01940000-0000-7000-8000-000000000002';

/** The demo guest books the demo car two days far ahead (another window when one is taken). */
async function book(base, token, label) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const from = 120 + Math.floor(Math.random() * 230);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: CAR, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
      age: 36, extras: [], protectionPlanType: 'Standard', message: `browser test: ${label}`,
    }, token, { 'idempotency-key': `e2e-trips-${label}-${Date.now()}-${attempt}` });
    if (s === 201) return b.data;
    assert.equal(s, 409, JSON.stringify(b));
  }
  throw new Error('no free window for the demo car');
}

async function getTrip(base, token, tripId) {
  const [s, b] = await call(base, 'GET', `/v1/trips/getTrip/${tripId}`, undefined, token);
  assert.equal(s, 200, JSON.stringify(b));
  return b.data;
}

const dollars = (n) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const tests = {
  async "the guest sees both trips, cancels one seeing the refund first, asks to change the other, invites a driver and withdraws the invitation"({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const token = guest.access_token;
    const down =
      (await unavailable(base, 'GET', '/v1/trips/getInProgressAndFutureTrips', token)) ??
      (await unavailable(base, 'GET', '/v1/tripPrice/getTripRefundPrice?tripId=00000000-0000-7000-8000-000000000000', token));
    if (down) throw new Skip(down);
    const booked = [];
    try {
      const first = await book(base, token, 'cancel');
      booked.push(first.tripId);
      const second = await book(base, token, 'change');
      booked.push(second.tripId);

      const page = await newPage(browser, DESKTOP);
      await login(page, base, GUEST.email, GUEST.password);

      // Both trips are listed under the current and upcoming ones, each a link to its page.
      await page.goto(`${base}/bookings`);
      await page.getByRole('heading', { name: 'Your trips', level: 1 }).waitFor();
      const upcoming = page.getByRole('region', { name: 'Current and upcoming' });
      for (const id of booked) await upcoming.locator(`[data-trip-id="${id}"]`).waitFor();
      assert.equal(await page.title(), 'Your trips | Upcar');
      await shot(page, 'trips');
      await expectAccessible(page, '/bookings');

      // The first trip: cancel, with the refund shown before confirming (what pricing says now).
      await upcoming.locator(`[data-trip-id="${first.tripId}"]`).getByRole('link').click();
      await page.waitForURL((u) => u.searchParams.get('tripId') === first.tripId);
      await page.getByTestId('trip-actions').waitFor();
      await expectAccessible(page, 'trip page');
      await page.getByRole('button', { name: 'Cancel trip' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this trip?' });
      const shown = (await dialog.getByTestId('refund-amount').textContent()).trim();
      const [rs, rb] = await call(base, 'GET', `/v1/tripPrice/getTripRefundPrice?tripId=${first.tripId}`, undefined, token);
      assert.equal(rs, 200, JSON.stringify(rb));
      assert.equal(shown, dollars(rb.data.refundAmount), 'the dialog shows the refund pricing computes');
      assert.equal(await page.getByTestId('trip-status').textContent(), 'confirmed');
      await shot(page, 'cancel-dialog');
      await expectAccessible(page, 'cancel dialog');
      await dialog.getByLabel('Reason (optional)').fill('browser test: plans changed');
      await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
      await page.getByTestId('trip-refund').waitFor();
      assert.equal((await page.getByTestId('trip-refund').textContent()).trim(), shown);
      assert.equal(await page.getByTestId('trip-status').textContent(), 'cancelled by guest');
      const cancelled = await getTrip(base, token, first.tripId);
      assert.equal(cancelled.status, 'cancelled_by_guest', 'the server has the trip cancelled');
      assert.equal(dollars(cancelled.refundAmount), shown, 'the refund stored is the one shown');

      // The second trip: a change of dates on /update-trip, priced before it is sent.
      await page.goto(`${base}/bookings?tripId=${second.tripId}`);
      // Four months ahead nothing is held on the card yet; the page says when it will be.
      assert.equal(second.paymentStatus, 'scheduled', 'a trip far ahead is booked with the card saved');
      const note = page.getByTestId('trip-payment-note');
      await note.waitFor();
      assert.match(await note.textContent(), /^Your card is saved and nothing is held yet\. \$0 due now\. You will be charged \$[\d,.]+ on /);
      await page.getByRole('link', { name: 'Change trip' }).click();
      await page.waitForURL((u) => u.pathname === '/update-trip' && u.searchParams.get('tripId') === second.tripId);
      await page.getByTestId('current-plan').waitFor();
      const send = page.getByRole('button', { name: 'Send change request' });
      assert.equal(await send.isDisabled(), true, 'nothing to send before a change');
      // The calendar opens on the booked range (Cancel keeps it).
      await page.getByTestId('from-date').click();
      const calendar = page.getByRole('dialog', { name: 'Choose new trip dates' });
      await calendar.locator(`[data-date="${second.newStartDate}"][aria-pressed="true"]`).waitFor();
      await expectAccessible(page, 'update-trip calendar');
      await shot(page, 'update-trip-calendar');
      await calendar.getByRole('button', { name: 'Cancel' }).click();
      await page.getByLabel('End time').selectOption('2:00 PM');
      const newTotal = (await page.getByTestId('new-total').textContent()).trim();
      const [ps, pb] = await call(base, 'POST', '/v1/tripPrice/getModifiedTripPrice', {
        tripId: second.tripId, newStartDate: second.newStartDate, newStartTime: second.newStartTime, newEndDate: second.newEndDate, newEndTime: '2:00 PM',
      }, token);
      assert.equal(ps, 200, JSON.stringify(pb));
      assert.equal(newTotal, dollars(pb.data.finalPrice), 'the page shows the price pricing gives the change');
      await shot(page, 'update-trip');
      await expectAccessible(page, '/update-trip');
      await page.waitForFunction((el) => !el.disabled, await send.elementHandle());
      await send.click();
      await page.waitForURL((u) => u.pathname === '/bookings' && u.searchParams.get('tripId') === second.tripId);
      await page.getByTestId('pending-modification').waitFor();
      const pending = await getTrip(base, token, second.tripId);
      assert.equal(pending.status, 'modification_pending', 'the server has a pending modification');
      assert.ok(pending.history.some((h) => h.action === 'request_modification'), JSON.stringify(pending.history));

      // An additional driver, invited by email.
      const email = `e2e-driver-${Date.now()}@example.com`;
      const drivers = page.getByTestId('drivers');
      await drivers.getByLabel('Invite by email').fill(email);
      await drivers.getByRole('button', { name: 'Send invitation' }).click();
      await drivers.getByTestId('driver').filter({ hasText: email }).waitFor();
      const invited = await getTrip(base, token, second.tripId);
      const driver = invited.additionalDrivers.find((d) => d.email === email);
      assert.ok(driver, `the server lists ${email}: ${JSON.stringify(invited.additionalDrivers)}`);
      assert.equal(driver.status, 'invited');
      await shot(page, 'trip-pending-driver');
      await expectAccessible(page, 'trip page with a pending change');

      // The request is withdrawn from the trip page.
      await page.getByRole('button', { name: 'Withdraw the request' }).click();
      await page.getByTestId('pending-modification').waitFor({ state: 'detached' });
      assert.equal((await getTrip(base, token, second.tripId)).status, 'confirmed', 'the server has the request withdrawn');

      // The invitation is withdrawn, asked first; the server no longer lists it.
      await drivers.getByRole('button', { name: `Withdraw the invitation of ${email}` }).click();
      const ask = page.getByRole('dialog', { name: 'Withdraw this invitation?' });
      await ask.waitFor();
      await expectAccessible(page, 'withdraw invitation dialog');
      await ask.getByRole('button', { name: 'Withdraw invitation' }).click();
      await drivers.getByText(`${email} is no longer a driver of this trip.`).waitFor();
      await drivers.getByTestId('driver').filter({ hasText: email }).waitFor({ state: 'detached' });
      const after = await getTrip(base, token, second.tripId);
      assert.equal(after.additionalDrivers.some((d) => d.email === email), false, JSON.stringify(after.additionalDrivers));
      assert.ok(after.history.some((h) => h.action === 'remove_driver'), JSON.stringify(after.history));
    } finally {
      for (const id of booked) {
        const [s, b] = await call(base, 'POST', '/v1/trips/cancelTrip', { tripId: id, cancelReason: 'browser test: clean up' }, token, { 'idempotency-key': `e2e-trips-cleanup-${id}` });
        assert.ok(s === 200 || (s === 409 && b.error === 'invalid_trip_status'), `clean up ${id}: ${s} ${JSON.stringify(b)}`);
      }
    }
  },

  async 'a member without trips is told "Your trips will show here." with a link to search'({ browser, base }) {
    // A fresh member of its own: both lists answer 404 no_trips.
    const email = `e2e-trips-${Date.now()}@example.com`;
    const [s, b] = await call(base, 'POST', '/v1/users/sign-up', {
      firstName: 'Tia', lastName: 'Trips', email, professionalEmail: '', password: 'BrowserTest123!', phoneNumber: '', countryCode: '+1',
      promotions_enrollment: false, signUpCode: 'DEMO-INVITE', termsAccepted: true,
    });
    assert.equal(s, 201, `sign-up: ${JSON.stringify(b)}`);
    const page = await newPage(browser, DESKTOP);
    await login(page, base, email, 'BrowserTest123!');
    await page.goto(`${base}/bookings`);
    await page.getByText('Your trips will show here.').waitFor();
    await expectAccessible(page, '/bookings without trips');
    assert.equal(await page.getByRole('link', { name: 'Find a car' }).getAttribute('href'), '/search');
  },
};
