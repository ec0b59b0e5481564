import {
  assert, bringTripForward, call, expectAccessible, openRoom, png, roomOf, routeSocket, signedInPage, Skip, slotThere, unavailable, verifiedGuest, ymd,
} from '../helpers.mjs';

const HOST = { email: 'host@demo.local', password: 'DemoHost123!' };
/** A demo host's car that books at once (demo car 2 of host@demo.local), in Fremont; it needs an hour's notice. */
const CAR = '01940000-0000-7000-8000-000000000002';

const dollars = (n) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function getTrip(base, token, tripId) {
  const [s, b] = await call(base, 'GET', `/v1/trips/getTrip/${tripId}`, undefined, token);
  assert.equal(s, 200, JSON.stringify(b));
  return b.data;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TRIP_HOURS = 3;

/** A local date and `h:mm AM` time `hours` later on the same clock (the car's). */
function hoursAfter({ date, time }, hours) {
  const [, h, m, ap] = time.match(/^(\d+):(\d\d) (AM|PM)$/);
  const [y, mo, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, (Number(h) % 12) + (ap === 'PM' ? 12 : 0) + hours, Number(m)));
  const h12 = t.getUTCHours() % 12 || 12;
  return {
    date: `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`,
    time: `${h12}:${String(t.getUTCMinutes()).padStart(2, '0')} ${t.getUTCHours() < 12 ? 'AM' : 'PM'}`,
  };
}

/** The start a refusal offers ("The nearest free start for the same length is Nov 28, 2026 12:00 PM."), as the checkout link takes it. */
function offeredStart(message) {
  const m = message.match(/nearest free start for the same length is (\w{3}) (\d+), (\d{4}) (\d+:\d\d [AP]M)/);
  if (!m) return null;
  return { date: `${m[3]}-${String(MONTHS.indexOf(m[1]) + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}`, time: m[4] };
}

/**
 * Books the car through the web app's checkout, for a few hours from the first half hour two
 * hours ahead (the car needs an hour's notice), as soon as the car allows: when that start is
 * taken, the start the refusal offers, as a person would (a trip checked out early, an earlier
 * run's, still holds the car for its booked hours). Answers the trip's id; the page is left on
 * the trip page checkout leads to.
 */
async function bookThroughCheckout(page, base, shot) {
  const refused = [];
  let from = slotThere(Date.now() + 120 * 60_000);
  for (let attempt = 0; attempt < 4; attempt++) {
    const until = hoursAfter(from, TRIP_HOURS);
    const q = new URLSearchParams({ carId: CAR, startDate: from.date, endDate: until.date, startTime: from.time, endTime: until.time });
    await page.goto(`${base}/checkout?${q}`);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.locator('[data-testid="plan-Standard"] input:checked').waitFor();
    await page.getByTestId('checkout-breakdown').waitFor({ timeout: 20_000 });
    assert.match(await page.locator('[data-testid="checkout-breakdown"] .breakdown__total td').textContent(), /^\$[\d,]+\.\d{2}$/);
    await page.getByTestId('saved-card').waitFor();
    if (attempt === 0) {
      await shot(page, 'checkout');
      await expectAccessible(page, 'checkout');
    }
    await page.waitForFunction(() => !document.querySelector('[data-testid="book"]')?.disabled);
    await page.getByTestId('book').click();
    const outcome = await Promise.race([
      page.waitForURL(/\/bookings\?tripId=/, { timeout: 30_000 }).then(() => 'booked'),
      page.getByTestId('book-error').waitFor({ timeout: 30_000 }).then(() => 'refused'),
    ]);
    if (outcome === 'booked') return new URL(page.url()).searchParams.get('tripId');
    const message = await page.getByTestId('book-error').textContent();
    refused.push(`${from.date} ${from.time}: ${message}`);
    const offered = offeredStart(message);
    if (!offered) break;
    from = offered;
  }
  throw new Error(`the demo car could not be booked:\n${refused.join('\n')}`);
}

/** The guest books the car again through the API, for two days some days after `after` (another window when one is taken). */
async function bookLater(base, token, after) {
  const first = Math.max(5, Math.ceil((after - Date.now()) / 86_400_000) + 3);
  for (let attempt = 0; attempt < 8; attempt++) {
    const from = first + Math.floor(Math.random() * 100);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: CAR, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
      age: 34, extras: [], protectionPlanType: 'Standard', message: 'browser test: journey, second trip',
    }, token, { 'idempotency-key': `e2e-journey-${Date.now()}-${attempt}` });
    if (s === 201) return b.data;
    assert.equal(s, 409, JSON.stringify(b));
  }
  throw new Error('no free window for the demo car');
}

/** Opens a trip from the trips list (/bookings) and waits for its page. */
async function openFromTrips(page, base, tripId) {
  await page.goto(`${base}/bookings`);
  await page.getByRole('heading', { name: 'Your trips', level: 1 }).waitFor();
  const card = page.getByRole('region', { name: 'Current and upcoming' }).locator(`[data-trip-id="${tripId}"]`);
  await card.waitFor();
  await expectAccessible(page, '/bookings');
  await card.getByRole('link').click();
  await page.waitForURL((u) => u.pathname === '/bookings' && u.searchParams.get('tripId') === tripId);
  await page.getByTestId('trip-page').waitFor();
  await page.getByTestId('trip-status').waitFor();
}

export const tests = {
  async 'a new guest books through checkout, opens the trip, chats with the host, checks in with photos, cancels a second trip seeing the refund first, and checks out'({ browser, base, shot }) {
    const down =
      (await unavailable(base, 'POST', '/v1/tripPrice/getFinalTripPrice')) ??
      (await unavailable(base, 'GET', '/v1/chat/rooms?userType=guest')) ??
      (await unavailable(base, 'GET', '/v1/trips/getCheckInAndCheckoutPhotos/00000000-0000-0000-0000-000000000000'));
    if (down) throw new Skip(down);
    const guest = await verifiedGuest(base, { label: 'journey', firstName: 'Jordan', lastName: 'Journey' });
    const token = guest.token;
    const booked = [];
    try {
      const page = await signedInPage(browser, base, guest);
      await routeSocket(page, base);

      // 1. The instant-booking car, through checkout: the trip page follows.
      const tripId = await bookThroughCheckout(page, base, shot);
      booked.push(tripId);
      await page.getByTestId('trip-page').waitFor();
      const trip = await getTrip(base, token, tripId);
      assert.equal(trip.carId, CAR);
      assert.equal(trip.status, 'confirmed', 'the car books at once');
      assert.equal(await page.getByTestId('trip-status').textContent(), 'confirmed');
      await expectAccessible(page, 'trip page after booking');

      // 2. From the trips list to the trip page, with its status.
      await openFromTrips(page, base, tripId);
      assert.equal(await page.getByTestId('trip-status').textContent(), 'confirmed');
      assert.equal(await page.title(), `${trip.carName} trip | Upcar`);
      // Check-in is not open yet: the page says when it opens.
      await page.getByTestId('check-in-note').waitFor();
      assert.equal(await page.getByTestId('action-check-in').count(), 0);
      await shot(page, 'trip');
      await expectAccessible(page, 'trip page');

      // 3. The trip's chat: the guest from /messages, the host in a context of their own.
      const room = await roomOf(base, token, tripId);
      await page.goto(`${base}/messages`);
      await page.locator(`a[href="/messages/${room.id}"]`).getByText(room.hostName).waitFor();
      await expectAccessible(page, 'the rooms list');
      await page.locator(`a[href="/messages/${room.id}"]`).click();
      await page.waitForURL((u) => u.pathname === `/messages/${room.id}`);
      await page.getByTestId('chat-panel').waitFor();
      await page.locator('[data-testid="messages-page"][data-socket="open"]').waitFor();
      await page.getByRole('heading', { name: room.hostName, level: 2 }).waitFor();
      const hostPage = await openRoom(browser, base, HOST, room.id, { hostView: true });
      await hostPage.getByRole('heading', { name: room.guestName, level: 2 }).waitFor();
      await expectAccessible(hostPage, 'the host in the room');

      const stamp = Date.now();
      const guestBox = page.getByLabel('Message', { exact: true });
      await guestBox.pressSequentially('Hi! Picking the car up in two hours', { delay: 30 });
      await hostPage.getByText(`${room.guestName} is typing…`).waitFor({ timeout: 5000 });
      await shot(hostPage, 'host-sees-typing');
      const fromGuest = `Hi! Picking the car up in two hours (${stamp})`;
      await guestBox.fill(fromGuest);
      await guestBox.press('Enter');
      await hostPage.getByTestId('chat-message').filter({ hasText: fromGuest }).waitFor({ timeout: 5000 });
      await hostPage.getByText(`${room.guestName} is typing…`).waitFor({ state: 'detached', timeout: 5000 });
      const fromHost = `See you then, the keys are in the lockbox (${stamp})`;
      const hostBox = hostPage.getByLabel('Message', { exact: true });
      await hostBox.fill(fromHost);
      await hostPage.getByRole('button', { name: 'Send' }).click();
      const reply = page.getByTestId('chat-message').filter({ hasText: fromHost });
      await reply.waitFor({ timeout: 5000 });
      assert.match(await reply.getAttribute('class'), /chat-msg--theirs/);
      await shot(page, 'guest-room');
      await expectAccessible(page, 'the guest in the room');
      await hostPage.context().close();

      // 4. Time passes: the trip starts in 20 minutes, check-in is open; photos outside and in.
      assert.equal(bringTripForward(tripId, Date.parse(trip.startTime) - Date.now() - 20 * 60_000), 1);
      await page.goto(`${base}/bookings?tripId=${tripId}`);
      await page.getByTestId('action-check-in').click();
      await page.waitForURL((u) => u.pathname === '/trip/check-in' && u.searchParams.get('tripId') === tripId);
      await page.getByRole('heading', { level: 1, name: 'Check in' }).waitFor();
      await expectAccessible(page, 'check-in');
      await page.getByLabel('Exterior photos').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(400) });
      await page.getByLabel('Interior photos').setInputFiles({ name: 'dash.png', mimeType: 'image/png', buffer: png(401) });
      await page.getByRole('button', { name: 'Check in' }).click();
      await page.getByTestId('handover-done').waitFor({ timeout: 30_000 });
      await page.getByTestId('recorded-exterior').getByRole('img').first().waitFor();
      await page.getByTestId('recorded-interior').getByRole('img').first().waitFor();
      await shot(page, 'checked-in');
      await expectAccessible(page, 'checked in');
      await page.goto(`${base}/bookings?tripId=${tripId}`);
      await page.getByTestId('trip-status').filter({ hasText: 'in progress' }).waitFor();
      assert.equal((await getTrip(base, token, tripId)).status, 'in_progress');
      await page.getByTestId('action-check-out').waitFor();
      await expectAccessible(page, 'trip page, in progress');

      // 5. A second trip days later, cancelled on its page with the refund shown first.
      const second = await bookLater(base, token, Date.parse(trip.endTime));
      booked.push(second.tripId);
      await openFromTrips(page, base, second.tripId);
      assert.equal(await page.getByTestId('trip-status').textContent(), 'confirmed');
      await page.getByRole('button', { name: 'Cancel trip' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this trip?' });
      const shown = (await dialog.getByTestId('refund-amount').textContent()).trim();
      const [rs, rb] = await call(base, 'GET', `/v1/tripPrice/getTripRefundPrice?tripId=${second.tripId}`, undefined, token);
      assert.equal(rs, 200, JSON.stringify(rb));
      assert.equal(shown, dollars(rb.data.refundAmount), 'the dialog shows the refund pricing computes');
      assert.equal(await page.getByTestId('trip-status').textContent(), 'confirmed', 'nothing is cancelled before confirming');
      await shot(page, 'cancel-dialog');
      await expectAccessible(page, 'cancel dialog');
      await dialog.getByLabel('Reason (optional)').fill('browser test: plans changed');
      await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
      await page.getByTestId('trip-cancelled').waitFor();
      assert.equal((await page.getByTestId('trip-refund').textContent()).trim(), shown);
      assert.equal(await page.getByTestId('trip-status').textContent(), 'cancelled by guest');
      const cancelled = await getTrip(base, token, second.tripId);
      assert.equal(cancelled.status, 'cancelled_by_guest', 'the server has the trip cancelled');
      assert.equal(dollars(cancelled.refundAmount), shown, 'the refund stored is the one shown');
      await shot(page, 'cancelled');
      await expectAccessible(page, 'cancelled trip');

      // The end: the first trip is checked out, and the car is free again.
      await page.goto(`${base}/bookings?tripId=${tripId}`);
      await page.getByTestId('action-check-out').click();
      await page.waitForURL((u) => u.pathname === '/trip/check-out' && u.searchParams.get('tripId') === tripId);
      await page.getByLabel('Exterior photos').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png(402) });
      await page.getByRole('button', { name: 'Check out' }).click();
      await page.getByTestId('handover-done').waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'check-out');
      assert.equal((await getTrip(base, token, tripId)).status, 'completed');
      await page.context().close();
    } finally {
      // Whatever is left open: cancelled, or checked out when under way.
      for (const id of booked) {
        const [gs, t] = await call(base, 'GET', `/v1/trips/getTrip/${id}`, undefined, token);
        if (gs !== 200) continue;
        if (['requested', 'confirmed', 'modification_pending'].includes(t.data.status)) {
          await call(base, 'POST', '/v1/trips/cancelTrip', { tripId: id, cancelReason: 'browser test: clean up' }, token, { 'idempotency-key': `e2e-journey-cleanup-${id}` });
        } else if (t.data.status === 'in_progress') {
          const [, photos] = await call(base, 'GET', `/v1/trips/getCheckInAndCheckoutPhotos/${id}`, undefined, token);
          const url = photos.data?.checkIn?.photos?.[0]?.url;
          if (url) await call(base, 'POST', `/v1/trips/checkout/${id}`, { role: 'guest', photoUrls: [url], type: 'exterior' }, token);
        }
      }
    }
  },
};
