import { apiLogin, assert, call, DESKTOP, expectAccessible, PHONE, roomOf, signedInPage, Skip, unavailable, ymd } from '../helpers.mjs';

const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
/** A demo host's car that books at once (demo car 2 of host@demo.local). */
const CAR = '01940000-0000-7000-8000-000000000002';

export const tests = {
  async "a thread shows its trip's car photo and name, dates with the year and status, and the open chat's header links to the trip"({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const down = (await unavailable(base, 'POST', '/v1/trips/createTrip', guest.access_token)) ?? (await unavailable(base, 'GET', '/v1/chat/rooms?userType=guest', guest.access_token));
    if (down) throw new Skip(down);
    let tripId = null;
    for (let attempt = 0; attempt < 6 && !tripId; attempt++) {
      const from = 120 + Math.floor(Math.random() * 230);
      const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
        carId: CAR, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
        age: 36, extras: [], protectionPlanType: 'Standard', message: 'browser test: threads',
      }, guest.access_token, { 'idempotency-key': `e2e-threads-${Date.now()}-${attempt}` });
      if (s === 201) tripId = b.data.tripId;
      else assert.equal(s, 409, JSON.stringify(b));
    }
    assert.ok(tripId, 'booked');
    try {
      const room = await roomOf(base, guest.access_token, tripId);
      const [, trip] = await call(base, 'GET', `/v1/trips/getTrip/${tripId}`, undefined, guest.access_token);
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await signedInPage(browser, base, { token: guest.access_token, user: guest.user }, { viewport });
        await page.goto(`${base}/messages`);
        const row = page.locator(`[data-testid="chat-room"][href="/messages/${room.id}"]`);
        await row.waitFor();
        const line = row.getByTestId('chat-room-trip');
        await line.waitFor();
        const text = await line.textContent();
        assert.ok(text.includes(trip.data.carName), `the car's name: ${text}`);
        assert.match(text, /\w{3} \d+( – |, 20\d\d – )\w{3} \d+, 20\d\d/, `the dates with the year: ${text}`);
        assert.match(text, /Confirmed|Requested/, `the status: ${text}`);
        const photo = row.locator('img.chat-room-link__car');
        assert.equal(await photo.getAttribute('src'), trip.data.carPhotoUrl, "the car's photo");
        await expectAccessible(page, `threads at ${viewport.width}px`);
        await shot(page, `threads-${viewport.width}`);
        await row.click();
        const head = page.getByTestId('chat-trip-link');
        await head.waitFor();
        assert.equal(await head.getAttribute('href'), `/bookings?tripId=${tripId}`);
        assert.ok((await head.textContent()).includes(trip.data.carName));
        await head.click();
        await page.getByTestId('trip-page').waitFor();
        await page.context().close();
      }
    } finally {
      await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.access_token, { 'idempotency-key': `e2e-cancel-${tripId}` });
    }
  },
};
