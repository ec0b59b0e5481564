import { apiLogin, assert, call, DESKTOP, expectAccessible, login, newPage, Skip, unavailable, ymd } from '../helpers.mjs';

const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
const HOST = { email: 'host@demo.local', password: 'DemoHost123!' };
/** The demo host's car that takes requests (demo car 4): its bookings wait for the host's answer. */
const REQUEST_CAR = '01940000-0000-7000-8000-000000000004';

/** The demo guest asks for the request car two days far ahead (another window when one is taken). */
async function request(base, token) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const from = 120 + Math.floor(Math.random() * 230);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: REQUEST_CAR, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
      age: 36, extras: [], protectionPlanType: 'Standard', message: 'browser test: a request',
    }, token, { 'idempotency-key': `e2e-request-${Date.now()}-${attempt}` });
    if (s === 201) return b.data;
    assert.equal(s, 409, JSON.stringify(b));
  }
  throw new Error('no free window for the request car');
}

export const tests = {
  async "the host switches to hosting, accepts a guest's request on /bookings, and finds it in past trips once cancelled"({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const down = await unavailable(base, 'GET', '/v1/trips/getAllFutureBookingsForHostSortByDate', guest.access_token);
    if (down) throw new Skip(down);
    const trip = await request(base, guest.access_token);
    assert.equal(trip.status, 'requested', JSON.stringify(trip));
    const tripId = trip.tripId;
    try {
      const page = await newPage(browser, DESKTOP);
      await login(page, base, HOST.email, HOST.password);
      await page.goto(`${base}/`);
      // Guest view on home: the guest's links, the switch to the host view.
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.getByRole('button', { name: 'Switch to hosting' }).click();
      await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/bookings');
      const nav = page.getByRole('navigation', { name: 'Hosting' });
      for (const place of ['Listings', 'Bookings', 'Messages', 'Teams', 'Earnings']) await nav.getByRole('link', { name: place }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('isHostView')), 'true');

      // The request waits in its own section, with the guest's message; the host accepts it.
      const requests = page.getByRole('region', { name: /Requests to answer/ });
      const card = requests.locator(`[data-trip-id="${tripId}"]`);
      await card.waitFor();
      assert.match(await card.textContent(), /browser test: a request/);
      await shot(page, 'request');
      await expectAccessible(page, 'host bookings');
      await card.getByRole('button', { name: 'Accept' }).click();
      const upcoming = page.getByRole('region', { name: 'Upcoming trips' }).locator(`[data-trip-id="${tripId}"]`);
      await upcoming.waitFor();
      assert.match(await upcoming.textContent(), /Confirmed/);
      const [s, b] = await call(base, 'GET', `/v1/trips/getTrip/${tripId}`, undefined, guest.access_token);
      assert.equal(s, 200, JSON.stringify(b));
      assert.equal(b.data.status, 'confirmed', 'the server has the trip confirmed');

      // Search is the guest's: a host-view user goes to the bookings; home turns the view back.
      await page.goto(`${base}/search`);
      await page.waitForURL((u) => u.pathname === '/bookings');
      await page.getByRole('link', { name: 'Past trips' }).waitFor();

      // Cancelled by the guest, the trip is in the host's past trips, under its month, saying who cancelled.
      const [cs, cb] = await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.access_token, { 'idempotency-key': `e2e-cancel-${tripId}` });
      assert.equal(cs, 200, JSON.stringify(cb));
      await page.getByRole('link', { name: 'Past trips' }).click();
      await page.getByRole('heading', { name: 'Past trips', level: 1 }).waitFor();
      const past = page.locator(`[data-trip-id="${tripId}"]`);
      await past.waitFor();
      const note = await past.getByTestId('past-note').textContent();
      assert.match(note, /^Cancelled by \S+( \S+)* on [A-Z][a-z]{2} \d{1,2}, \d{4}$/, note);
      const month = await past.evaluate((el) => el.closest('section')?.getAttribute('aria-label'));
      const start = new Date(trip.startTime);
      const expected = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: trip.timeZone }).format(start);
      assert.equal(month, expected, 'grouped under the month and year of its start');
      assert.equal(await past.getByRole('link').first().getAttribute('target'), '_blank', 'a past trip opens in a new tab');
      await expectAccessible(page, 'host past trips');
      await shot(page, 'history');

      await page.goto(`${base}/`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('isHostView')), 'false', 'home is the guest view');
      await page.context().close();
    } finally {
      await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.access_token, { 'idempotency-key': `e2e-cancel-${tripId}` });
    }
  },

  async "a member copies their invitation code ('Copied' for a second), and its link opens sign-up with the code"({ browser, base, shot }) {
    const [rs] = await call(base, 'GET', '/v1/users/getInvitationCode');
    if (rs === 404) throw new Skip('GET /v1/users/getInvitationCode answers 404');
    const page = await newPage(browser, DESKTOP, { permissions: ['clipboard-read', 'clipboard-write'] });
    const session = await login(page, base, HOST.email, HOST.password);
    const [s, mine] = await call(base, 'GET', '/v1/users/getInvitationCode', undefined, session.access_token);
    assert.equal(s, 200, JSON.stringify(mine));
    await page.goto(`${base}/`);
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByTestId('invitation-code').waitFor();
    assert.equal((await dialog.getByTestId('invitation-code').textContent()).trim(), mine.code);
    await expectAccessible(page, 'invitation-code dialog');
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), mine.code);
    const t0 = Date.now();
    await dialog.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 3000 });
    assert.ok(Date.now() - t0 < 2500, 'Copied shows for about a second');
    await dialog.getByRole('button', { name: 'Copy sign-up link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, `${base}/?referralCode=${mine.code}`);
    await shot(page, 'invite');
    await page.context().close();

    // A colleague opens the link: sign-up opens with the code filled in.
    const visitor = await newPage(browser, DESKTOP);
    await visitor.goto(link);
    const signUp = visitor.getByRole('dialog', { name: /sign up/i });
    await signUp.waitFor();
    assert.equal(await signUp.getByLabel(/invitation code/i).inputValue(), mine.code);
    await visitor.context().close();
  },
};
