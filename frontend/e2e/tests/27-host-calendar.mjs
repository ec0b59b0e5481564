import { createServer } from 'node:http';
import { apiLogin, assert, call, expectAccessible, freshHostWithCar, login, newPage, openRoom, roomOf, signedInPage, Skip, unavailable, verifiedGuest, ymd } from '../helpers.mjs';

const HOST = { email: 'host@demo.local', password: 'DemoHost123!' };
const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
/** Demo car 2 books at once; demo car 4 takes requests only (both host@demo.local's). */
const INSTANT_CAR = '01940000-0000-7000-8000-000000000002';
const REQUEST_CAR = '01940000-0000-7000-8000-000000000004';

const ics = (d) => ymd(d).replaceAll('-', '');

/** Another platform's calendar on this machine: one whole-day event `days` from today. */
async function otherPlatform(days) {
  const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:stay@other\r\nDTSTART;VALUE=DATE:${ics(days)}\r\nDTEND;VALUE=DATE:${ics(days + 1)}\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(text);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${server.address().port}/stay.ics` };
}

/** Books `car` for two days at a free window far ahead; answers the trip and its first day. */
async function bookFarAhead(base, token, car, label) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const from = 150 + Math.floor(Math.random() * 200);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: car, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
      age: 36, extras: [], protectionPlanType: 'Standard', message: `browser test: ${label}`,
    }, token, { 'idempotency-key': `e2e-${label}-${Date.now()}-${attempt}` });
    if (s === 201) return { trip: b.data, from };
    assert.equal(s, 409, JSON.stringify(b));
  }
  throw new Error(`no free window for ${car}`);
}

const cancel = (base, token, tripId) => call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, token, { 'idempotency-key': `e2e-cancel-${tripId}` });

export const tests = {
  async "a host reads the car's calendar address, imports another platform's calendar and prices chosen dates"({ browser, base, shot }) {
    const down = await unavailable(base, 'GET', '/v1/host/getHostCarsOnPlatform');
    if (down) throw new Skip(down);
    const { host, carId } = await freshHostWithCar(base);
    const other = await otherPlatform(30);
    try {
      const page = await newPage(browser);
      await login(page, base, host.email, host.password);
      await page.goto(`${base}/host/car/${carId}/calendar`);
      await page.getByRole('heading', { name: "This car's calendar" }).waitFor();
      await page.getByRole('button', { name: 'Show the calendar address' }).click();
      const address = page.getByLabel('Calendar address (keep it private)');
      await address.waitFor();
      const feed = await address.inputValue();
      const r = await fetch(feed.replace(/^https?:\/\/[^/]+/, base));
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type') ?? '', /^text\/calendar/);
      assert.match(await r.text(), /^BEGIN:VCALENDAR\r\n/);
      await page.getByTestId('calendar-imports-empty').waitFor();
      await page.getByLabel('Calendar address (.ics)').fill(other.url);
      await page.getByRole('button', { name: 'Import calendar' }).click();
      const row = page.getByTestId('calendar-import');
      await row.waitFor();
      await row.filter({ hasText: /Last read .* · 1 event(?!s)/ }).waitFor();
      await shot(page, 'calendar-imported');
      await expectAccessible(page, 'car calendar');
      // The event blocks the car on its day.
      let blocked = false;
      for (let i = 0; i < 50 && !blocked; i++) {
        const [, a] = await call(base, 'GET', `/v1/cars/isCarAvailableForTheseDates/${carId}?newStartDate=${ymd(30)}&newStartTime=10:00%20AM&newEndDate=${ymd(31)}&newEndTime=10:00%20AM`);
        blocked = a.available === false;
        if (!blocked) await new Promise((res) => setTimeout(res, 200));
      }
      assert.ok(blocked, 'the imported event blocks the car');

      // Prices for chosen dates, on the pricing page; the quote prices those days so.
      await page.goto(`${base}/host/car/${carId}/edit-pricing`);
      await page.getByRole('heading', { name: 'Prices for chosen dates' }).waitFor();
      await page.getByLabel('First day').fill(ymd(40));
      await page.getByLabel('Last day (optional)').fill(ymd(41));
      await page.getByLabel('Price per day on these dates (USD)').fill('150');
      await page.getByRole('button', { name: 'Set the price for these dates' }).click();
      await page.getByTestId('date-price').filter({ hasText: '$150' }).waitFor();
      await shot(page, 'date-prices');
      let line = '';
      for (let i = 0; i < 50 && !line.includes('$150.00/day × 2 days'); i++) {
        const [, q] = await call(base, 'GET', `/v1/tripPrice/getTripPrice?carId=${carId}&newStartDate=${ymd(40)}&newStartTime=10:00%20AM&newEndDate=${ymd(42)}&newEndTime=10:00%20AM`);
        line = JSON.stringify(q);
        if (!line.includes('$150.00/day × 2 days')) await new Promise((res) => setTimeout(res, 200));
      }
      assert.ok(line.includes('$150.00/day × 2 days'), `the quote prices the two dates at $150: ${line}`);
      await page.context().close();
    } finally {
      other.server.close();
    }
  },

  async 'a car taken for the dates offers other windows and other cars on its page'({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const down = await unavailable(base, 'POST', '/v1/trips/createTrip', guest.access_token);
    if (down) throw new Skip(down);
    const { trip, from } = await bookFarAhead(base, guest.access_token, INSTANT_CAR, 'alternatives');
    try {
      // Another verified guest, free on those dates, meets the taken car.
      const other = await verifiedGuest(base, { label: 'alternatives', firstName: 'Alex', lastName: 'Other' });
      const page = await signedInPage(browser, base, { token: other.token, user: other.user });
      const q = new URLSearchParams({ fromDate: ymd(from), untilDate: ymd(from + 2), fromTime: '10:00 AM', untilTime: '10:00 AM' });
      await page.goto(`${base}/car/${INSTANT_CAR}?${q}`);
      await page.getByTestId('continue').click();
      const panel = page.getByTestId('alternatives');
      await panel.waitFor();
      await panel.getByRole('heading', { name: 'This car is taken for these dates' }).waitFor();
      assert.ok((await panel.getByRole('link').count()) + (await panel.getByRole('button').count()) > 0, 'the panel offers something to pick');
      await shot(page, 'alternatives');
      await expectAccessible(page, 'car page with alternatives');
      await page.context().close();
    } finally {
      await cancel(base, guest.access_token, trip.tripId);
    }
  },

  async 'before a booking is confirmed the host sees a phone number hidden, and the guest is told why'({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const down = (await unavailable(base, 'POST', '/v1/trips/createTrip', guest.access_token)) ?? (await unavailable(base, 'GET', '/v1/chat/rooms?userType=guest', guest.access_token));
    if (down) throw new Skip(down);
    const { trip } = await bookFarAhead(base, guest.access_token, REQUEST_CAR, 'masking');
    try {
      assert.equal(trip.status, 'requested');
      const room = await roomOf(base, guest.access_token, trip.tripId);
      const guestPage = await openRoom(browser, base, GUEST, room.id);
      const hostPage = await openRoom(browser, base, HOST, room.id, { hostView: true });
      const text = `Text me at 510-555-0199 before ${Date.now()}`;
      const box = guestPage.getByLabel('Message', { exact: true });
      await box.fill(text);
      await box.press('Enter');
      await guestPage.getByText('Phone numbers, email addresses and links are hidden from the other party until the booking is confirmed.').waitFor();
      await guestPage.getByTestId('chat-message').filter({ hasText: '510-555-0199' }).waitFor();
      const shown = hostPage.getByTestId('chat-message').filter({ hasText: '[hidden until the booking is confirmed]' });
      await shown.waitFor({ timeout: 10_000 });
      assert.ok(!(await shown.textContent()).includes('510-555-0199'), 'the host does not read the number');
      await shot(hostPage, 'masked-for-the-host');
      await guestPage.context().close();
      await hostPage.context().close();
    } finally {
      await cancel(base, guest.access_token, trip.tripId);
    }
  },
};
