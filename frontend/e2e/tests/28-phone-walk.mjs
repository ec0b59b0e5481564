import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiLogin, assert, bookDemoCar, call, INSTANT_DEMO_CAR, newPage, PHONE, roomOf, signedInPage, Skip, unavailable, ymd } from '../helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SRC = join(here, '..', '..', 'src');
const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
const HOST = { email: 'host@demo.local', password: 'DemoHost123!' };
const HOST2 = { email: 'host2@demo.local', password: 'DemoHost123!' };
const COHOST = { email: 'cohost@demo.local', password: 'DemoCohost123!' };
const ADMIN = { email: 'admin@demo.local', password: 'DemoAdmin123!' };
const CAPTAIN = { email: 'captain@demo.local', password: 'DemoCaptain123!' };
const CAR = INSTANT_DEMO_CAR;

/** The app's route files: every absolute path in them must be walked below. */
const ROUTE_FILES = [
  'app/router.tsx',
  'features/listing/routes/listing-routes.tsx',
  'features/host/routes/host-routes.tsx',
  'features/teams/routes/team-routes.tsx',
  'features/host-bookings/routes/host-bookings-routes.tsx',
  'features/pages/routes/pages-routes.tsx',
  'features/chat/routes/chat-routes.tsx',
  'features/trip-care/routes/trip-care-routes.tsx',
  'features/admin/routes/admin-routes.tsx',
  'features/captains/routes/captain-routes.tsx',
];

/** The absolute route paths the app declares (`path: '/...'`), plus the car's settings sections. */
function declaredPaths() {
  const paths = new Set();
  for (const f of ROUTE_FILES) for (const m of readFileSync(join(SRC, f), 'utf8').matchAll(/path: '(\/[^']*)'/g)) paths.add(m[1]);
  return paths;
}

/** The car settings' sections, read from their one list (`SECTIONS` of car-settings.tsx). */
function carSections() {
  const text = readFileSync(join(SRC, 'features/host/routes/car-settings.tsx'), 'utf8');
  const list = text.slice(text.indexOf('const SECTIONS'), text.indexOf('] as const'));
  return [...list.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
}

/**
 * What a phone page must hold to: no sideways scroll; no button, tab or header link whose
 * text runs onto a second line or leaves the screen; at most one row of navigation in the
 * content (the header and footer aside, and a list's page numbers).
 */
async function fits(page) {
  return page.evaluate(() => {
    const problems = [];
    const inner = window.innerWidth;
    if (document.documentElement.scrollWidth > inner) problems.push(`scrolls sideways (${document.documentElement.scrollWidth} > ${inner})`);
    const visible = (e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden';
    // The lines its shown text takes: text in a visually hidden element (a screen reader's
    // label, 1 px and clipped) is left out.
    const lines = (e) => {
      const tops = [];
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const box = n.parentElement.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || !n.textContent.trim()) continue;
        const r = document.createRange();
        r.selectNodeContents(n);
        for (const rect of r.getClientRects()) if (rect.width > 0 && !tops.some((t) => Math.abs(t - rect.top) < 4)) tops.push(rect.top);
      }
      return tops.length;
    };
    for (const e of document.querySelectorAll('.btn, .tab, header.header a, header.header button')) {
      if (!visible(e) || e.closest('.account-menu, .modal')) continue;
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ');
      const box = e.getBoundingClientRect();
      if (text && lines(e) > 1) problems.push(`"${text}" wraps onto ${lines(e)} lines`);
      if (box.right > inner + 1 || box.left < -1) problems.push(`"${text || e.getAttribute('aria-label')}" leaves the screen`);
    }
    // Rows of navigation in the content: a tab row, a menu of places (a list's page numbers aside).
    const navs = [...new Set(document.querySelectorAll('main nav, #main nav, .host-area nav'))].filter(
      (n) => visible(n) && !n.closest('header.header, footer') && !/^(pages|pagination)$/i.test(n.getAttribute('aria-label') ?? ''),
    );
    if (navs.length > 1) problems.push(`${navs.length} rows of navigation: ${navs.map((n) => n.getAttribute('aria-label') ?? n.className).join(', ')}`);
    return problems;
  });
}

/** Opens `path` and waits for its content: the main landmark, and no part still loading. */
async function open(page, base, path) {
  await page.goto(`${base}${path}`);
  await page.locator('main, #main').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton, .loading-screen'), undefined, { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(150);
}


export const tests = {
  async 'every route fits a 390 px phone'({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const host = await apiLogin(base, HOST);
    const host2 = await apiLogin(base, HOST2);
    const cohost = await apiLogin(base, COHOST);
    const admin = await apiLogin(base, ADMIN);
    const down = (await unavailable(base, 'POST', '/v1/trips/createTrip', guest.access_token)) ?? (await unavailable(base, 'GET', '/v1/cohost/getAllTeamsForHost', host2.access_token));
    if (down) throw new Skip(down);
    const tripId = await bookDemoCar(base, guest.access_token, 'phone-walk');
    try {
      const [, teams] = await call(base, 'GET', '/v1/cohost/getAllTeamsForHost', undefined, host2.access_token);
      const teamId = teams.data.find((t) => t.role === 'host')?._id;
      assert.ok(teamId, `host2's team: ${JSON.stringify(teams)}`);
      const roomId = (await roomOf(base, guest.access_token, tripId)).id;
      const [cs, captain] = await call(base, 'POST', '/v1/captains/login', CAPTAIN);
      assert.equal(cs, 200, JSON.stringify(captain));
      // The captain's day where the demo cars are (Fremont).
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      const [, tasks] = await call(base, 'GET', `/v1/tasks?date=${today}`, undefined, captain.access_token);
      const taskId = tasks.data?.[0]?.taskId;
      const trip = `tripId=${encodeURIComponent(tripId)}`;
      const checkout = new URLSearchParams({ carId: CAR, startDate: ymd(40), startTime: '10:00 AM', endDate: ymd(42), endTime: '10:00 AM' });

      // Each place as its people see it: [route pattern, address, who].
      const walk = [
        ['/', '/', null],
        ['/search', `/search?latitude=37.5485&longitude=-121.9886&address=Fremont%2C+CA&fromDate=${ymd(3)}&fromTime=10%3A00+AM&untilDate=${ymd(5)}&untilTime=10%3A00+AM`, null],
        ['/car/:id', `/car/${CAR}`, null],
        ['/long-term-rental', '/long-term-rental', null],
        ['/login-static', '/login-static', null],
        ['/404', '/404', null],
        ['/reset-password', '/reset-password', null],
        ['/terms/conditions', '/terms/conditions', null],
        ['/terms/cancellation', '/terms/cancellation', null],
        ['/terms/owner/protectionplans', '/terms/owner/protectionplans', null],
        ['/aboutus', '/aboutus', null],
        ['/giveaway', '/giveaway', null],
        ['/help', '/help', null],
        ['/learn-more', '/learn-more', null],
        ['/host/become-host', '/host/become-host', null],
        ['/host/incentives', '/host/incentives', host],
        ['/captains', '/captains/login', null],
        ['/captains', '/captains/forgot-password', null],
        ['/captains', '/captains/reset-password', null],
        ['/checkout', `/checkout?${checkout}`, guest],
        ['/verification/prebook', '/verification/prebook', guest],
        ['/error/user-trips-error', '/error/user-trips-error', guest],
        ['/drive-approve/upload-selfie', '/drive-approve/upload-selfie', guest],
        ['/bookings', '/bookings', guest],
        ['/bookings', `/bookings?${trip}`, guest],
        ['/update-trip', `/update-trip?${trip}`, guest],
        ['/additional-driver', '/additional-driver?token=nope', guest],
        ['/user-profile/:id', `/user-profile/${host.user.userId ?? host.user._id}`, guest],
        ['/favourites', '/favourites', guest],
        ['/messages/:roomId?', '/messages', guest],
        ['/messages/:roomId?', `/messages/${roomId}`, guest],
        ['/trip/check-in', `/trip/check-in?${trip}`, guest],
        ['/trip/check-out', `/trip/check-out?${trip}`, guest],
        ['/trip/incidentals', `/trip/incidentals?${trip}`, guest],
        ['/trip/report-issue', `/trip/report-issue?${trip}`, guest],
        ['/trip/summary', `/trip/summary?${trip}&kind=report-issue&category=damage`, guest],
        ['/trip/photos/:kind/:category', `/trip/photos/report-issue/damage?${trip}`, guest],
        ['/rental-agreement', `/rental-agreement?${trip}`, guest],
        ['/host/listings', '/host/listings', host],
        ['/host/settings/availability', '/host/settings/availability', host],
        ['/host/settings/block-availability', '/host/settings/block-availability', host],
        ['/host/earnings', '/host/earnings', host],
        ['/host/performance', '/host/performance', host],
        ['/host/reviews', '/host/reviews', host],
        ['/scheduled', '/scheduled', host],
        ['/bookings/history', '/bookings/history', host],
        ['/host/car/:id', `/host/car/${CAR}`, host],
        ...carSections().map((s) => ['/host/car/:id/:section', `/host/car/${CAR}/${s}`, host]),
        ['/host/teams', '/host/teams', host2],
        ['/host/teams/create', '/host/teams/create', host2],
        ...['cohosts', 'permissions', 'vehicles', 'settings'].map((s) => ['/host/teams/:teamId', `/host/teams/${teamId}/${s}`, host2]),
        ['/host/teams/invite/:teamId', `/host/teams/invite/${teamId}`, cohost],
        ['/admin', '/admin/listings', admin],
        ['/admin/listings', '/admin/listings', admin],
        ['/admin/analytics', '/admin/analytics', admin],
        ['/captains', '/captains/dashboard', 'captain'],
        ...(taskId ? [['/captains', `/captains/${taskId}?date=${today}`, 'captain']] : []),
      ];
      const walked = new Set(walk.map(([p]) => p));
      const missing = [...declaredPaths()].filter((p) => !walked.has(p));
      assert.deepEqual(missing, [], 'routes the walk does not visit: add them');

      const pages = new Map();
      const pageOf = async (who) => {
        const key = who === 'captain' ? 'captain' : (who?.user?.email ?? 'anonymous');
        if (pages.has(key)) return pages.get(key);
        let page;
        if (who === 'captain') {
          page = await newPage(browser, PHONE);
          await page.goto(`${base}/404`);
          await page.evaluate(([t, u]) => {
            localStorage.setItem('captainToken', t);
            localStorage.setItem('captainUser', JSON.stringify(u));
          }, [captain.access_token, captain.user ?? {}]);
        } else if (who) {
          page = await signedInPage(browser, base, { token: who.access_token, user: who.user }, { viewport: PHONE });
        } else {
          page = await newPage(browser, PHONE);
        }
        pages.set(key, page);
        return page;
      };
      const failures = [];
      for (const [pattern, path, who] of walk) {
        const page = await pageOf(who);
        await open(page, base, path);
        const problems = await fits(page);
        if (problems.length) {
          failures.push(`${path}: ${problems.join('; ')}`);
          await shot(page, `misfit-${failures.length}-${pattern}`);
        }
      }
      assert.deepEqual(failures, [], `pages that do not fit a 390 px phone:\n${failures.join('\n')}`);
      // A car's pricing starts within the first screen's top third (its own section menu, no host rows above it).
      const hostPage = await pageOf(host);
      await open(hostPage, base, `/host/car/${CAR}/edit-pricing`);
      const top = await hostPage.evaluate(() => document.querySelector('main form')?.getBoundingClientRect().top ?? Infinity);
      assert.ok(top < 300, `the pricing form starts ${top} px down`);
    } finally {
      await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.access_token, { 'idempotency-key': `e2e-cancel-${tripId}` });
    }
  },
};
