import { apiLogin, assert, call, DESKTOP, expectAccessible, PHONE, roomOf, signedInPage, Skip, unavailable, ymd } from '../helpers.mjs';

const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
/** A demo host's car that books at once (demo car 2 of host@demo.local). */
const CAR = '01940000-0000-7000-8000-000000000002';

async function book(base, token, label) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const from = 120 + Math.floor(Math.random() * 230);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: CAR, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
      age: 36, extras: [], protectionPlanType: 'Standard', message: `browser test: ${label}`,
    }, token, { 'idempotency-key': `e2e-${label}-${Date.now()}-${attempt}` });
    if (s === 201) return b.data;
    assert.equal(s, 409, JSON.stringify(b));
  }
  throw new Error('no free window for the demo car');
}

const cancel = (base, token, tripId) => call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, token, { 'idempotency-key': `e2e-cancel-${tripId}` });

export const tests = {
  async "a renter's trip page names the host with a way to message them, shows the pickup address with a map and directions, and links the car"({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const down = (await unavailable(base, 'POST', '/v1/trips/createTrip', guest.access_token)) ?? (await unavailable(base, 'GET', '/v1/chat/rooms?userType=guest', guest.access_token));
    if (down) throw new Skip(down);
    const booked = await book(base, guest.access_token, 'trip-context');
    const tripId = booked.tripId;
    try {
      const room = await roomOf(base, guest.access_token, tripId);
      const [, car] = await call(base, 'GET', `/v1/cars/getCar/${CAR}`);
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await signedInPage(browser, base, { token: guest.access_token, user: guest.user }, { viewport });
        await page.goto(`${base}/bookings?tripId=${tripId}`);
        const party = page.getByTestId('trip-party');
        await party.waitFor();
        assert.match(await party.textContent(), new RegExp(`Host: ${room.hostName.replace('.', '\\.')}`));
        const own = `${guest.user.firstName}`;
        assert.ok(!(await page.getByTestId('trip-page').textContent()).includes(`Renter: ${own}`), 'the renter is not told their own name');
        const message = page.getByTestId('trip-message');
        await page.waitForFunction(() => /\/messages\/./.test(document.querySelector('[data-testid="trip-message"]')?.getAttribute('href') ?? ''));
        assert.equal(await message.getAttribute('href'), `/messages/${room.id}`);
        const address = page.getByTestId('trip-pickup-address');
        await address.waitFor();
        assert.ok((await address.textContent()).includes(car.data.address.city), `the pickup address names the car's city: ${await address.textContent()}`);
        const directions = page.getByTestId('trip-directions');
        assert.match(await directions.getAttribute('href'), /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+\.\d+,-?\d+\.\d+$/);
        await page.locator('[data-testid="trip-pickup"] [data-testid="cars-map"][data-loaded="true"]').waitFor({ timeout: 20_000 });
        assert.equal(await page.getByTestId('trip-car-link').getAttribute('href'), `/car/${CAR}`);
        // The dates say their year.
        assert.match(await page.getByTestId('trip-times').textContent(), /, 20\d\d, /);
        await expectAccessible(page, `trip page at ${viewport.width}px`);
        await shot(page, `trip-context-${viewport.width}`);
        await message.click();
        await page.waitForURL((u) => u.pathname === `/messages/${room.id}`);
        await page.context().close();
      }
    } finally {
      await cancel(base, guest.access_token, tripId);
    }
  },

  async 'the trip list files a cancelled future trip under cancelled, not past, and each card is a link with the year'({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const down = await unavailable(base, 'POST', '/v1/trips/createTrip', guest.access_token);
    if (down) throw new Skip(down);
    const { tripId } = await book(base, guest.access_token, 'trip-list');
    const [s, b] = await cancel(base, guest.access_token, tripId);
    assert.equal(s, 200, JSON.stringify(b));
    const page = await signedInPage(browser, base, { token: guest.access_token, user: guest.user }, { viewport: DESKTOP });
    await page.goto(`${base}/bookings`);
    await page.getByTestId('trips-page').waitFor();
    const card = page.locator(`[data-trip-id="${tripId}"]`);
    await card.waitFor();
    assert.equal(await page.getByTestId('trips-cancelled').locator(`[data-trip-id="${tripId}"]`).count(), 1, 'under cancelled');
    assert.equal(await page.getByTestId('trips-past').locator(`[data-trip-id="${tripId}"]`).count(), 0, 'not under past');
    assert.match(await card.textContent(), /, 20\d\d, /);
    assert.equal(await card.getByRole('link').getAttribute('href'), `/bookings?tripId=${tripId}`);
    await shot(page, 'trip-list');
    await card.getByRole('link').click();
    await page.waitForURL((u) => u.searchParams.get('tripId') === tripId);
    await page.getByTestId('trip-cancelled').waitFor();
  },
};
