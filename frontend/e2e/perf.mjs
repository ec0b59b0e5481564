// Web app performance: first-load JavaScript (gzip) per page from the build manifest, the map
// chunk excluded, and Largest Contentful Paint of home, search, the host landing, the host's
// listings (signed in as the demo host), and the guest's trips and messages (the demo guest) in
// headless Chromium.
// E2E_BASE_URL points at a gateway serving frontend/dist. Usage: node e2e/perf.mjs [runs]
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const base = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const runs = Number(process.argv[2] ?? 5);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** A chunk and everything it imports statically (what loads before it can run). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) closure(k, seen);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const search = Object.keys(manifest).find((k) => k.endsWith('features/search/routes/search.tsx'));
const isMap = (k) => /cars-map|maplibre|mapbox/.test(k);
const jsKb = (keys) => [...keys].filter((k) => !isMap(k) && manifest[k].file.endsWith('.js')).reduce((s, k) => s + gz(manifest[k].file), 0) / 1024;
const homeKeys = closure(entry);
// Search is in the entry chunk; were it split again, its chunk would count on top of the entry.
const searchKeys = search ? closure(search, new Set(homeKeys)) : homeKeys;
const mapKb = Object.keys(manifest).filter(isMap).filter((k) => manifest[k].file.endsWith('.js')).reduce((s, k) => s + gz(manifest[k].file), 0) / 1024;

console.log(`first-load JS, gzip, map excluded: home ${jsKb(homeKeys).toFixed(1)} KB; search ${jsKb(searchKeys).toFixed(1)} KB`);
console.log(`map chunks (lazy, maplibre/mapbox), gzip: ${mapKb.toFixed(1)} KB`);
// A lazy page loads its chunk and its static imports on top of the entry.
for (const [name, suffix] of [['host/become-host', 'features/listing/routes/become-host.tsx'], ['host/listings', 'features/host/routes/listings.tsx'], ['bookings', 'features/booking/components/trips-list.tsx'], ['messages', 'features/chat/routes/messages.tsx']]) {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) continue;
  const own = [...closure(key)].filter((k) => !homeKeys.has(k));
  console.log(`${name}: its chunks on top of the entry, gzip: ${jsKb(own).toFixed(1)} KB`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader'],
});

/** A demo member's session, for the pages of a signed-in member. */
async function session(email, password) {
  const r = await fetch(`${base}/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!r.ok) throw new Error(`${email} login: ${r.status}`);
  return r.json();
}

async function lcp(url, session) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  if (session)
    await page.addInitScript(([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
    }, [session.access_token, session.user]);
  await page.addInitScript(() => {
    window.__lcp = 0;
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // Long enough for the prices and the map to arrive: layout shifts are counted until then.
  await page.waitForTimeout(3500);
  const v = await page.evaluate(() => ({ lcp: window.__lcp, cls: window.__cls }));
  await context.close();
  return v;
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const d = (n) => {
  const t = new Date();
  t.setDate(t.getDate() + n);
  return t.toISOString().slice(0, 10);
};
const host = await session('host@demo.local', 'DemoHost123!');
const guest = await session('guest@demo.local', 'DemoGuest123!');
const pages = {
  home: [`${base}/`],
  search: [`${base}/search?latitude=37.5485&longitude=-121.9886&address=Fremont%2C+CA&fromDate=${d(3)}&fromTime=10%3A00+AM&untilDate=${d(5)}&untilTime=10%3A00+AM`],
  'host/become-host': [`${base}/host/become-host`],
  'host/listings (demo host)': [`${base}/host/listings`, host],
  'bookings (demo guest)': [`${base}/bookings`, guest],
  'messages (demo guest)': [`${base}/messages`, guest],
};
for (const [name, [url, session]] of Object.entries(pages)) {
  await lcp(url, session); // warm the server, not the browser (each run is a fresh context)
  const rs = [];
  for (let i = 0; i < runs; i++) rs.push(await lcp(url, session));
  const xs = rs.map((r) => r.lcp);
  const cls = Math.max(...rs.map((r) => r.cls));
  console.log(`LCP ${name}: median ${median(xs).toFixed(0)} ms over ${runs} cold loads (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}); CLS at most ${cls.toFixed(3)}`);
}
await browser.close();
