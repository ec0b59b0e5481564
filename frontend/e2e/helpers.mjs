import { deflateSync } from 'node:zlib';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export class Skip extends Error {
  constructor(message) {
    super(message);
    this.name = 'Skip';
  }
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Pages opened by `newPage` that the runner has not checked yet (see `takeOpenedPages`). */
const opened = [];

/**
 * A page in a fresh context (`options` are more context options, e.g. geolocation). `page.errors`
 * collects what must not happen: uncaught exceptions, and anything the Content-Security-Policy
 * refused (Chromium's console error and the document's `securitypolicyviolation` event). The
 * runner fails a test whose pages collected any.
 */
export async function newPage(browser, viewport = DESKTOP, options = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: viewport.width < 768, isMobile: false, ...options });
  const errors = [];
  // Bindings and init scripts are injected by the browser, past the page's own policy.
  await context.exposeBinding('__upcarCspViolation', (_source, v) => errors.push(`CSP violation: ${v.directive} blocked ${v.blocked || 'inline'} (${v.source})`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void window.__upcarCspViolation({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile || location.href}:${e.lineNumber}` });
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  page.errors = errors;
  opened.push(page);
  return page;
}

/** The pages `newPage` opened since the last call (the runner checks their `errors` after each test). */
export function takeOpenedPages() {
  return opened.splice(0);
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page, label) {
  // Not page.addScriptTag: that adds an inline <script>, which the app's CSP (script-src 'self')
  // refuses. What Playwright evaluates is not subject to the page's policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;true`);
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `${label}: axe found serious or critical violations:\n${JSON.stringify(bad, null, 2)}`);
}

export function ymd(daysFromToday) {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function searchUrl(base, extra = '') {
  return `${base}/search?latitude=37.5485&longitude=-121.9886&address=Fremont%2C+CA&fromDate=${ymd(3)}&fromTime=10%3A00+AM&untilDate=${ymd(5)}&untilTime=10%3A00+AM${extra}`;
}

/**
 * Whether a call is served: an unknown path answers 404 route_not_found, a service that is not
 * running 503 service_unavailable. Returns null when served, else the reason to print.
 */
export async function unavailable(base, method, path, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${base}${path}`, { method, headers, body: method === 'GET' ? undefined : '{}' });
  const body = await r.json().catch(() => ({}));
  if (r.status === 404 && body.error === 'route_not_found') return `${method} ${path.split('?')[0]} answers 404 route_not_found`;
  if (r.status === 503) return `${method} ${path.split('?')[0]} answers 503 ${body.error ?? ''} (its service is not running)`;
  return null;
}

export async function routeExists(base, method, path) {
  return (await unavailable(base, method, path)) === null;
}

export async function login(page, base, email = 'guest@demo.local', password = 'DemoGuest123!') {
  const r = await fetch(`${base}/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  assert.equal(r.status, 200, 'demo login');
  const s = await r.json();
  await page.goto(`${base}/404`);
  await page.evaluate(([t, u]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('user', JSON.stringify(u));
  }, [s.access_token, s.user]);
  return s;
}

/** A small valid PNG (a grey square), built here so the tests need no fixture files. */
export function png(size = 64) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.concat(Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(size, 0x88)])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** One JSON call to the gateway; answers [status, body] (an empty object when the body is not JSON). */
export async function call(base, method, path, body, token, headers = {}) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return [r.status, await r.json().catch(() => ({}))];
}

/** Logs in through the API; answers the login's body (`access_token`, `user`). */
export async function apiLogin(base, { email, password }) {
  const [s, b] = await call(base, 'POST', '/v1/users/login', { email, password });
  assert.equal(s, 200, `login ${email}: ${JSON.stringify(b)}`);
  return b;
}

/** The demo cars' time zone (Fremont, CA). */
export const CAR_TIME_ZONE = 'America/Los_Angeles';

/** The code of the newest message to `to` in the development outbox (email or phone). */
export async function outboxCode(base, to) {
  for (let i = 0; i < 30; i++) {
    const r = await (await fetch(`${base}/v1/dev/outbox?to=${encodeURIComponent(to)}`)).json();
    const code = r.data?.find((m) => m.code)?.code;
    if (code) return code;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no code in the outbox for ${to}`);
}

/**
 * A new member who may book (for trips that change for good, checked in, so not the demo
 * guest): signed up, email verified, date of birth, licence and selfie, and a card. `label`
 * starts the email address; the names are the member's. Answers `{email, password, token, user}`.
 */
export async function verifiedGuest(base, { label = 'care', firstName = 'Casey', lastName = 'Care' } = {}) {
  const email = `${label}-e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'CareTester123!';
  const [ss, su] = await call(base, 'POST', '/v1/users/sign-up', {
    firstName, lastName, email, password, signUpCode: 'DEMO-INVITE', termsAccepted: true, phoneNumber: '', countryCode: '+1', professionalEmail: '', promotions_enrollment: false,
  });
  assert.equal(ss, 201, JSON.stringify(su));
  const token = su.access_token;
  const userId = su.user.userId;
  const [es, eb] = await call(base, 'POST', '/v1/users/sendEmail', { email, firstName, userId }, token);
  assert.equal(es, 200, JSON.stringify(eb));
  const [os, ob] = await call(base, 'POST', '/v1/users/login/otp', { userId, otp: await outboxCode(base, email), otpType: 'email' });
  assert.equal(os, 200, JSON.stringify(ob));
  const [ps, pb] = await call(base, 'PUT', '/v1/users/driverLicense', { firstName: 'Test', lastName: 'Driver', licenseNumber: 'D1234567', issueDate: '2022-01-15', expirationDate: `${new Date().getFullYear() + 5}-01-15`, dob: '1990-01-01' }, token);
  assert.equal(ps, 200, JSON.stringify(pb));
  for (const type of ['dl', 'dlBackSide', 'selfie']) {
    const form = new FormData();
    form.append('type', type);
    form.append('file', new Blob([png()], { type: 'image/png' }), `${type}.png`);
    const r = await fetch(`${base}/v1/users/uploadDriverDocument`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    assert.equal(r.status, 200, `${type}: ${await r.text()}`);
  }
  const [cs, cb] = await call(base, 'POST', '/v1/payment/stripe/addPaymentMethod', {
    userId, paymentMethodId: 'pm_card_visa', billingDetails: { street: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US', gateway: 'stripe' },
  }, token);
  assert.equal(cs, 200, JSON.stringify(cb));
  // The card reaches the profile through an event: wait for it.
  for (let i = 0; i < 30; i++) {
    const [, me] = await call(base, 'GET', `/v1/users/getuser/${userId}`, undefined, token);
    if (me.user?.hasPaymentMethod) break;
    await new Promise((res) => setTimeout(res, 300));
  }
  return { email, password, token, user: su.user };
}

/** The local date and `h:mm AM` time of an instant in a time zone (the car's), the minutes rounded up to a half hour. */
export function slotThere(ms, timeZone = CAR_TIME_ZONE) {
  const t = new Date(Math.ceil(ms / 1_800_000) * 1_800_000);
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(t).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`, at: t };
}

/**
 * The gateway, when the app is served by something else (the Vite dev server):
 * `E2E_GATEWAY_URL`, else the dev server's own `UPCAR_GATEWAY`. Unset, the app is the gateway's
 * own (`make test`'s stack on a free port, `make dev`).
 */
export const GATEWAY = (process.env.E2E_GATEWAY_URL ?? process.env.UPCAR_GATEWAY)?.replace(/\/$/, '') ?? null;
export const servedByGateway = (base) => !GATEWAY || new URL(base).origin === new URL(GATEWAY).origin;

/**
 * Served by the dev server, the page's uploads go to the gateway's presigned URLs, another
 * origin the gateway does not open to cross-origin requests (docs/FRONTEND.md, Dev server): the
 * test carries those PUTs itself. Served by the gateway, it is the same origin and nothing is done.
 */
export async function routeUploads(page, base) {
  if (servedByGateway(base)) return;
  const cors = { 'access-control-allow-origin': new URL(base).origin, 'access-control-allow-methods': 'PUT', 'access-control-allow-headers': 'content-type, if-none-match' };
  await page.route(`${GATEWAY}/v1/files/**`, async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const response = await route.fetch();
    return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
  });
}

/**
 * The page's socket goes through the test, which can cut it (`page.cutSocket(true)`: open
 * sockets are closed, on the page's side and the server's, and new ones refused until
 * `cutSocket(false)`). Served by the gateway, the
 * page's own `/v1/ws` is used; served by the dev server, which proxies only HTTP `/v1`, the
 * socket is relayed here to the gateway's. Call it before the page opens its socket.
 */
export async function routeSocket(page, base) {
  const sameOrigin = servedByGateway(base);
  const WS = sameOrigin ? null : (globalThis.WebSocket ?? (await import('undici').catch(() => null))?.WebSocket);
  if (!sameOrigin && !WS) throw new Skip('the dev server does not carry /v1/ws and no WebSocket client is at hand to relay it');
  // Each open socket: its page side, and what closes its server side (the gateway's socket, or
  // the relay's). A route's close handler stops Playwright closing the other side by itself, so
  // it is closed here: a cut is a dropped connection on both ends, as the server would see one.
  const open = new Map();
  let cut = false;
  page.cutSocket = (on) => {
    cut = on;
    if (on) {
      open.forEach((closeServer, r) => {
        r.close({ code: 1012, reason: 'cut by the test' }).catch(() => {});
        closeServer();
      });
      open.clear();
    }
  };
  await page.routeWebSocket('**/v1/ws', (route) => {
    if (cut) return void route.close({ code: 1013, reason: 'cut by the test' }).catch(() => {});
    if (sameOrigin) {
      const server = route.connectToServer();
      const closeServer = () => void server.close().catch(() => {});
      open.set(route, closeServer);
      route.onClose(() => {
        open.delete(route);
        closeServer();
      });
      return;
    }
    const upstream = new WS(`${GATEWAY.replace(/^http/, 'ws')}/v1/ws`);
    open.set(route, () => upstream.close());
    const queued = [];
    upstream.onopen = () => queued.splice(0).forEach((m) => upstream.send(m));
    upstream.onmessage = (e) => route.send(String(e.data));
    upstream.onclose = (e) => route.close({ code: e.code >= 3000 ? e.code : 1000, reason: e.reason }).catch(() => {});
    route.onClose(() => {
      open.delete(route);
      upstream.close();
    });
    route.onMessage((m) => (upstream.readyState === 1 ? upstream.send(m) : queued.push(m)));
  });
}

/**
 * A page signed in as `member` (`{token, user}`, e.g. from `verifiedGuest`) with the storage
 * the app keeps, in the car's time zone, uploads carried (see `routeUploads`).
 */
export async function signedInPage(browser, base, member, { viewport = DESKTOP, timeZone = CAR_TIME_ZONE } = {}) {
  const page = await newPage(browser, viewport, { timezoneId: timeZone });
  await page.goto(`${base}/404`);
  await page.evaluate(([t, u]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('user', JSON.stringify(u));
  }, [member.token, member.user]);
  await routeUploads(page, base);
  return page;
}

/** A booking's chat room, as the guest lists it, once messaging has opened it (about a second after the booking). */
export async function roomOf(base, guestToken, tripId) {
  for (let i = 0; i < 50; i++) {
    const [s, b] = await call(base, 'GET', '/v1/chat/rooms?userType=guest&limit=10&currentPage=1', undefined, guestToken);
    assert.equal(s, 200, JSON.stringify(b));
    const room = b.chatboxes.find((r) => r.tripId === tripId);
    if (room) return room;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no chat room for trip ${tripId}`);
}

/**
 * A new page of `who` (`{email, password}`) on the chat room `/messages/{roomId}`, its socket
 * open (socket and uploads routed as above); `hostView` opens it in the host's view.
 */
export async function openRoom(browser, base, who, roomId, { hostView = false, viewport = DESKTOP } = {}) {
  const page = await newPage(browser, viewport);
  await routeSocket(page, base);
  await routeUploads(page, base);
  await login(page, base, who.email, who.password);
  await page.evaluate((on) => (on ? localStorage.setItem('isHostView', 'true') : localStorage.removeItem('isHostView')), hostView);
  await page.goto(`${base}/messages/${roomId}`);
  await page.getByTestId('chat-panel').waitFor();
  await page.locator('[data-testid="messages-page"][data-socket="open"]').waitFor();
  return page;
}

/**
 * Brings a trip's start nearer by `ms`, as the clock would: a trip starts at least an hour after
 * it is booked (the shortest advance notice), and check-in opens 30 minutes before its start, so
 * a test cannot reach a check-in through the API alone. Written straight to the trips database
 * of the stack under test (`DB_PREFIX` of scripts/test-web.sh, `upcar` for `make dev`), as the
 * tests arrange what only a person or the clock could. Answers the rows changed (1).
 */
export function bringTripForward(tripId, ms) {
  assert.match(tripId, /^[0-9a-f-]{36}$/, 'a trip id');
  const db = `${process.env.DB_PREFIX ?? 'upcar'}_trips`;
  const shift = `${Math.round(ms / 1000)} seconds`;
  const sql = `UPDATE trips SET period = tstzrange(lower(period) - interval '${shift}', upper(period) - interval '${shift}', '[)') WHERE id = '${tripId}'`;
  const out = execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', db, '-v', 'ON_ERROR_STOP=1', '-Atc', sql], { encoding: 'utf8' });
  return Number(out.trim().replace(/^UPDATE /, ''));
}

export { assert };

/** Demo car 2 of host@demo.local: it books at once. */
export const INSTANT_DEMO_CAR = '01940000-0000-7000-8000-000000000002';

/** Books the instant demo car for two days at a free window 120 to 350 days ahead; answers the trip's id. */
export async function bookDemoCar(base, token, label) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const from = 120 + Math.floor(Math.random() * 230);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: INSTANT_DEMO_CAR, newStartDate: ymd(from), newStartTime: '10:00 AM', newEndDate: ymd(from + 2), newEndTime: '10:00 AM',
      age: 36, extras: [], protectionPlanType: 'Standard', message: `browser test: ${label}`,
    }, token, { 'idempotency-key': `e2e-${label}-${Date.now()}-${attempt}` });
    if (s === 201) return b.data.tripId;
    assert.equal(s, 409, JSON.stringify(b));
  }
  throw new Error('no free window for the demo car');
}

// ---- hosts and their listings ----

export async function token(base, { email, password }) {
  const [s, r] = await call(base, 'POST', '/v1/users/login', { email, password });
  assert.equal(s, 200, `login ${email}: ${JSON.stringify(r)}`);
  return r.access_token;
}

/** A new account with a unique email (the demo invitation code), signed in. */
export async function newUser(base, label) {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@upcar-test.com`;
  const password = 'HostE2e123!';
  const [s, r] = await call(base, 'POST', '/v1/users/sign-up', { firstName: 'Hana', lastName: 'Host', email, password, signUpCode: 'DEMO-INVITE', termsAccepted: true, phoneNumber: '', countryCode: '+1', professionalEmail: '', promotions_enrollment: false });
  assert.equal(s, 201, `sign-up: ${JSON.stringify(r)}`);
  return { email, password, token: await token(base, { email, password }) };
}

// A North American VIN with its check digit (49 CFR 565.15), so each run lists a car of its own.
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const TRANSLIT = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
export function teslaVin(serial) {
  const v = `5YJ3E1EA0MF${serial}`;
  const sum = [...v].reduce((s, c, i) => s + (/\d/.test(c) ? Number(c) : TRANSLIT[c]) * WEIGHTS[i], 0) % 11;
  return `5YJ3E1EA${sum === 10 ? 'X' : sum}MF${serial}`;
}

/**
 * A fresh host's listing submitted for review: the wizard's sections through the API and a
 * photo uploaded to its presigned URL. Answers the host and the car's id.
 */
export async function submittedListing(base) {
  const host = await newUser(base, 'host-e2e');
  const t = host.token;
  const section = async (body) => {
    const [s, r] = await call(base, 'POST', '/v1/host/carListing/addCarListing', body, t);
    assert.equal(s, 200, `${body.sectionName}: ${JSON.stringify(r)}`);
    return r;
  };
  await section({ sectionName: 'location', address: { street: '39300 Civic Center Dr', city: 'Fremont', state: 'CA', zip: '94538', country: 'US' }, location: { type: 'Point', coordinates: [-121.9886, 37.5485] } });
  let saved = false;
  for (let attempt = 0; attempt < 5 && !saved; attempt++) {
    const vin = teslaVin(String(Math.floor(Math.random() * 1e6)).padStart(6, '0'));
    const [s, r] = await call(base, 'POST', '/v1/host/carListing/addCarListing', { sectionName: 'vinDetails', vin, make: 'Tesla', model: 'Model 3', style: 'sedan', carYear: 2021, odometer: '0-50k miles', transmissionType: 'automatic', trim: 'Base' }, t);
    if (s === 409) continue; // that VIN is someone's already: another serial
    assert.equal(s, 200, `vinDetails: ${JSON.stringify(r)}`);
    saved = true;
  }
  assert.ok(saved, 'a free VIN in 5 attempts');
  await section({ sectionName: 'availability', advanceNotice: 3, minTripDuration: 1, maxTripDuration: 1000, twoDayTripForWeekend: false });
  await section({ sectionName: 'features', licensePlate: `E2E${String(Date.now()).slice(-4)}`, state: 'CA', features: ['Bluetooth', 'Backup camera'], seats: 5, doors: 4, gasType: 'ev', specialFeature: 'Electric' });
  const words = 'A quiet electric sedan with long range and a clean cabin for trips around the bay'.split(' ');
  await section({ sectionName: 'description', carDescription: `${Array.from({ length: 64 }, (_, i) => words[i % words.length]).join(' ')}.` });
  await section({ sectionName: 'dailyPrice', carDailyPrice: '88' });
  const [ps, presign] = await call(base, 'POST', '/v1/image/generatePresignedUrlsForUpload', { files: [{ fileName: 'front.png', fileType: 'image/png' }] }, t);
  assert.equal(ps, 200, JSON.stringify(presign));
  const { presignedUrl, s3Url } = presign.urls[0];
  const put = await fetch(presignedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png(400) });
  assert.equal(put.status, 200, 'photo upload');
  await section({ sectionName: 'photos', primaryPhotoUrl: s3Url, photoUrls: [s3Url] });
  const done = await section({ sectionName: 'finalize', termsAccepted: true });
  return { host, carId: done.carId };
}

/** A fresh host's car on the platform: a submitted listing the admin approved. */
export async function freshHostWithCar(base) {
  const { host, carId } = await submittedListing(base);
  const [as, approved] = await call(base, 'POST', `/v1/admin/cars/${carId}/approve`, {}, await token(base, { email: 'admin@demo.local', password: 'DemoAdmin123!' }));
  assert.equal(as, 200, `approve: ${JSON.stringify(approved)}`);
  return { host, carId };
}
