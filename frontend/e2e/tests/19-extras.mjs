import { assert, DESKTOP, expectAccessible, newPage, searchUrl, Skip, unavailable } from '../helpers.mjs';

async function call(base, method, path, body, token) {
  const headers = { accept: 'application/json' };
  if (body) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return [r.status, await r.json().catch(() => null)];
}

async function adminToken(base) {
  const [status, body] = await call(base, 'POST', '/v1/users/login', { email: 'admin@demo.local', password: 'DemoAdmin123!' });
  assert.equal(status, 200, `admin login: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The stored events of a query (admin read), waiting for them: the service stores them moments after 202. */
async function storedEvents(base, token, query, until = (events) => events.length > 0) {
  let events = [];
  for (let i = 0; i < 40; i++) {
    const [status, body] = await call(base, 'GET', `/v1/activity?${new URLSearchParams({ limit: '50', ...query })}`, undefined, token);
    assert.equal(status, 200, `activity read: ${JSON.stringify(body)}`);
    events = body.data;
    if (until(events)) return events;
    await new Promise((r) => setTimeout(r, 500));
  }
  return events;
}

async function firstCarUrl(page, base) {
  await page.goto(searchUrl(base));
  await page.getByTestId('result-link').first().waitFor();
  return base + (await page.getByTestId('result-link').first().getAttribute('href'));
}

const carIdOf = (url) => new URL(url).pathname.split('/car/')[1];

export const tests = {
  async 'an anonymous visitor leaving the car page: car_viewed and booking_started reach the server by beacon'({ browser, base, shot }) {
    const down = (await unavailable(base, 'POST', '/v1/activity/bulk')) ?? (await unavailable(base, 'GET', '/v1/activity'));
    if (down) throw new Skip(down);
    const admin = await adminToken(base);
    const page = await newPage(browser, DESKTOP);
    // What the page hands to navigator.sendBeacon, noted in localStorage (synchronous, and it
    // outlives the page).
    await page.context().addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        const seen = JSON.parse(localStorage.getItem('extras-beacons') ?? '[]');
        seen.push({ url: String(url), type: data instanceof Blob ? data.type : typeof data });
        localStorage.setItem('extras-beacons', JSON.stringify(seen));
        return send(url, data);
      };
    });
    const url = await firstCarUrl(page, base);
    const carId = carIdOf(url);
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const sessionId = await page.evaluate(() => sessionStorage.getItem('activity-session-id'));
    assert.ok(sessionId, 'the tab has an activity session');
    // Book as a visitor: the login prompt opens, and the booking started event waits in the batch.
    await page.getByTestId('continue').click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await shot(page, 'book-prompts-login');
    // Leave at once (before the 2 s batch timer): the page hide flush sends what waits.
    await page.goto('about:blank');
    const events = await storedEvents(base, admin, { sessionId, source: 'client' }, (e) => ['car_viewed', 'booking_started'].every((t) => e.some((x) => x.activityType === t)));
    const viewed = events.filter((e) => e.activityType === 'car_viewed');
    assert.equal(viewed.length, 1, `one car_viewed stored for the session: ${JSON.stringify(events.map((e) => e.activityType))}`);
    assert.equal(viewed[0].metadata.carId, carId);
    assert.equal(viewed[0].activityCategory, 'car');
    assert.equal(viewed[0].userId ?? '', '', 'anonymous');
    const started = events.find((e) => e.activityType === 'booking_started');
    assert.ok(started, 'booking_started stored');
    assert.equal(started.metadata.carId, carId);
    const q = new URL(url).searchParams;
    assert.equal(started.metadata.startDate, q.get('fromDate'));
    assert.equal(started.metadata.endDate, q.get('untilDate'));
    // The booking started event waited for its batch when the page was left: it went by beacon.
    await page.goto(`${base}/terms/conditions`);
    const beaconed = await page.evaluate(() => JSON.parse(localStorage.getItem('extras-beacons') ?? '[]'));
    assert.ok(beaconed.length >= 1, `the last batch left by sendBeacon: ${JSON.stringify(beaconed)}`);
    assert.match(beaconed[0].url, /\/v1\/activity\/bulk$/);
    assert.equal(beaconed[0].type, 'application/json');
    await page.context().close();
  },

  async 'signing up through the form logs registration with method email and the invitation code, as the new user'({ browser, base, shot }) {
    const down = (await unavailable(base, 'POST', '/v1/users/sign-up')) ?? (await unavailable(base, 'GET', '/v1/activity'));
    if (down) throw new Skip(down);
    const admin = await adminToken(base);
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Sign up' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    await dialog.waitFor();
    const email = `extras-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await dialog.getByLabel('First name').fill('Ria');
    await dialog.getByLabel('Last name').fill('Extras');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password').fill('RiaExtras123!');
    await dialog.getByLabel('Invitation code').fill('DEMO-INVITE');
    await dialog.getByLabel(/I accept the/).check();
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByText('Welcome to Upcar! Your account is ready.').waitFor();
    await shot(page, 'signed-up');
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    const userId = user?._id ?? user?.userId ?? user?.id;
    assert.ok(userId, 'the new user is stored');
    const events = await storedEvents(base, admin, { userId, activityType: 'registration', source: 'client' });
    assert.equal(events.length, 1, `one registration from the web app: ${JSON.stringify(events)}`);
    assert.equal(events[0].metadata.method, 'email');
    assert.equal(events[0].metadata.invitationCode, 'DEMO-INVITE');
    assert.equal(events[0].userId, userId, 'stored as the new user (the token rode in the header)');
    await page.context().close();
  },

  async 'the search map draws land, coastline, county and state lines, major roads and place names without a token'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base));
    const map = page.locator('[data-testid="cars-map"][data-loaded="true"]');
    await map.waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="cars-map"][data-geo-layers]').waitFor({ timeout: 30_000 });
    const layers = async () => ((await page.getByTestId('cars-map').getAttribute('data-geo-layers')) ?? '').split(' ');
    // The map opens at zoom 13 (spec 000 section 9), a few kilometres across: two steps out
    // (zoom 11) the county lines around Fremont are in view.
    assert.equal(await page.getByTestId('cars-map').getAttribute('data-zoom'), '13');
    const zoomOut = async (steps) => {
      await page.evaluate(() => document.querySelector('[data-testid="cars-map"]').removeAttribute('data-geo-layers'));
      for (let i = 0; i < steps; i++) {
        await page.getByRole('button', { name: 'Zoom out' }).click();
        await page.waitForTimeout(150);
      }
      await page.locator('[data-testid="cars-map"][data-geo-layers]').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(800);
    };
    await zoomOut(2);
    const near = await layers();
    for (const l of ['us-land', 'coastline', 'county-lines']) assert.ok(near.includes(l), `${l} drawn around Fremont: ${near}`);
    assert.ok(near.some((l) => l.startsWith('places-')), `place names drawn around Fremont: ${near}`);
    assert.ok(Number(await page.getByTestId('cars-map').getAttribute('data-geo-features')) > 3);
    await shot(page, 'map-fremont');
    await expectAccessible(page, 'search with the drawn map');
    // Zoomed out to the West: state lines, Mexico, large cities.
    await zoomOut(8);
    const far = await layers();
    for (const l of ['us-land', 'state-lines', 'roads', 'world-land', 'places-1']) assert.ok(far.includes(l), `${l} drawn zoomed out: ${far}`);
    assert.ok(!near.includes('roads'), `roads are not drawn at street level, where they would be kilometres off: ${near}`);
    await page.getByText('Roads © OpenStreetMap contributors (ODbL)').first().waitFor({ state: 'attached' });
    // The pixels agree: the map is not one flat colour.
    const png = await page.getByTestId('cars-map').screenshot();
    const colours = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 97) seen.add(`${d[i] >> 3},${d[i + 1] >> 3},${d[i + 2] >> 3}`);
      return seen.size;
    }, png.toString('base64'));
    assert.ok(colours > 5, `the map shows more than a background (${colours} colours)`);
    await shot(page, 'map-west');
    await page.context().close();
  },
};
