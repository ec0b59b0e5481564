import { createServer } from 'node:http';
import { apiLogin, assert, call, expectAccessible, freshHostWithCar, login, newPage, openRoom, PHONE, roomOf, signedInPage, Skip, unavailable, verifiedGuest, ymd } from '../helpers.mjs';

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

/** `YYYY-MM-DD` of day `day` of the month after this one. */
function nextMonth(day) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, day);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const tests = {
  async "a host sees a car's month (a trip linking to it, prices), blocks days in it and frees one; the earnings page shows what the trip will earn"({ browser, base, shot }) {
    const down = await unavailable(base, 'GET', '/v1/host/getHostCarsOnPlatform');
    if (down) throw new Skip(down);
    const { host, carId } = await freshHostWithCar(base);
    const guest = await verifiedGuest(base, { label: 'month' });
    // The approved car reaches search and pricing by event: booked once it is there.
    let s;
    let b;
    for (let attempt = 0; attempt < 40; attempt++) {
      [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
        carId, newStartDate: nextMonth(10), newStartTime: '10:00 AM', newEndDate: nextMonth(12), newEndTime: '10:00 AM',
        age: 36, extras: [], protectionPlanType: 'Standard', message: 'browser test: month',
      }, guest.token, { 'idempotency-key': `e2e-month-${Date.now()}-${attempt}` });
      if (!(s === 404 && b.error === 'car_not_found')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(s, 201, JSON.stringify(b));
    const tripId = b.data.tripId;
    if (b.data.status === 'requested') {
      const [as, ab] = await call(base, 'POST', `/v1/trips/acceptTrip/${tripId}`, {}, host.token);
      assert.equal(as, 200, JSON.stringify(ab));
    }
    const page = await newPage(browser);
    await login(page, base, host.email, host.password);
    await page.goto(`${base}/host/car/${carId}/calendar`);
    const grid = page.getByTestId('month-grid');
    await grid.waitFor();
    await page.getByRole('button', { name: 'Next month' }).click();
    const day = (d) => grid.locator(`[data-date="${nextMonth(d)}"]`);
    await page.waitForFunction((date) => document.querySelector(`[data-date="${date}"]`)?.getAttribute('data-state') === 'booked', nextMonth(11));
    for (const d of [10, 11, 12]) assert.equal(await day(d).getAttribute('data-state'), 'booked', `day ${d}`);
    assert.equal(await day(13).getAttribute('data-state'), 'free');
    assert.match(await day(13).textContent(), /\$88/, "a free day shows the car's daily price");
    await day(11).click();
    const panel = page.getByTestId('month-day');
    assert.equal(await panel.getByRole('link', { name: 'Open the trip' }).getAttribute('href'), `/bookings?tripId=${tripId}`);
    await shot(page, 'month-with-trip');
    await expectAccessible(page, "a car's month");

    // Two free days and the day between them: blocked with a note.
    await day(20).click();
    await day(22).click();
    await page.getByLabel('Note (only you see it)').fill('Detailing');
    await page.getByRole('button', { name: 'Block these days' }).click();
    await page.waitForFunction((date) => document.querySelector(`[data-date="${date}"]`)?.getAttribute('data-state') === 'blocked', nextMonth(21));
    const blocks = async () => (await call(base, 'GET', '/v1/trips/getCustomAvailabilityForHost', undefined, host.token))[1].data.filter((x) => x.carIds.includes(carId));
    assert.deepEqual((await blocks()).map((x) => [x.startDate, x.endDate, x.reason]), [[nextMonth(20), nextMonth(22), 'Detailing']]);
    // The day in the middle is freed: the block is cut in two around it.
    await day(21).click();
    await page.getByTestId('month-day').getByRole('button', { name: /^Unblock .* only$/ }).click();
    await page.waitForFunction((date) => document.querySelector(`[data-date="${date}"]`)?.getAttribute('data-state') === 'free', nextMonth(21));
    assert.equal(await day(20).getAttribute('data-state'), 'blocked');
    assert.equal(await day(22).getAttribute('data-state'), 'blocked');
    assert.deepEqual((await blocks()).map((x) => [x.startDate, x.endDate]).sort(), [[nextMonth(20), nextMonth(20)], [nextMonth(22), nextMonth(22)]]);

    // The trip's earning to come, as the server counts it, on the earnings page.
    const [, history] = await call(base, 'GET', '/v1/transaction/getTransactionHistory', undefined, host.token);
    assert.ok(history.totals.upcoming > 0, JSON.stringify(history.totals));
    await page.goto(`${base}/host/earnings`);
    const upcoming = page.getByTestId('upcoming-total');
    await upcoming.waitFor();
    assert.equal((await upcoming.textContent()).trim(), `$${history.totals.upcoming.toFixed(2)}`);
    assert.equal(await page.getByTestId('upcoming-row').getByRole('link').getAttribute('href'), `/bookings?tripId=${tripId}`);
    await shot(page, 'earnings-upcoming');

    // On a phone the month's seven columns fit.
    const phone = await newPage(browser, PHONE);
    await login(phone, base, host.email, host.password);
    await phone.goto(`${base}/host/car/${carId}/calendar`);
    await phone.getByTestId('month-grid').waitFor();
    assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll at 390 px');
    await shot(phone, 'month-phone');
    await cancel(base, guest.token, tripId);
  },

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
