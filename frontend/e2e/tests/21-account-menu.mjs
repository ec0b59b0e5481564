import { apiLogin, assert, bookDemoCar, call, DESKTOP, expectAccessible, PHONE, roomOf, signedInPage, Skip, unavailable } from '../helpers.mjs';

const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
const HOST = { email: 'host@demo.local', password: 'DemoHost123!' };

/** The header's own boxes: none is taller than one line of a button (nothing wraps) and none leaves the screen. */
async function headerFits(page, label) {
  const r = await page.evaluate(() => {
    const header = document.querySelector('header.header');
    const boxes = [...header.querySelectorAll('a, button')]
      .filter((e) => e.offsetParent !== null && !e.closest('.account-menu'))
      .map((e) => ({ text: e.textContent.trim() || e.getAttribute('aria-label'), h: e.getBoundingClientRect().height, right: e.getBoundingClientRect().right }));
    return { boxes, headerH: header.getBoundingClientRect().height, scroll: document.documentElement.scrollWidth, inner: window.innerWidth };
  });
  assert.ok(r.scroll <= r.inner, `${label}: the page scrolls sideways (${r.scroll} > ${r.inner})`);
  assert.ok(r.headerH <= 64, `${label}: the header is ${r.headerH}px tall`);
  for (const b of r.boxes) {
    assert.ok(b.h <= 48, `${label}: "${b.text}" wraps (${b.h}px tall)`);
    assert.ok(b.right <= r.inner, `${label}: "${b.text}" leaves the screen`);
  }
}

export const tests = {
  async 'a signed-in guest reaches trips, messages, favourites, profile and verification from the account menu; unread messages show a count'({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const host = await apiLogin(base, HOST);
    const down = (await unavailable(base, 'GET', '/v1/chat/rooms?userType=guest', guest.access_token)) ?? (await unavailable(base, 'POST', '/v1/trips/createTrip', guest.access_token));
    if (down) throw new Skip(down);
    const tripId = await bookDemoCar(base, guest.access_token, 'account-menu');
    try {
      const room = await roomOf(base, guest.access_token, tripId);
      const [, before] = await call(base, 'GET', '/v1/chat/rooms?userType=guest&limit=1&currentPage=1', undefined, guest.access_token);
      // The host writes twice: the guest has two more unread.
      for (const text of ['Hi! The car is ready.', 'Keys are in the lockbox.']) {
        const [s, b] = await call(base, 'POST', '/v1/chat/sendmessage', { roomId: room.id, senderType: 'host', message: text }, host.access_token);
        assert.equal(s, 200, JSON.stringify(b));
      }
      const expected = before.unreadTotal + 2;
      const page = await signedInPage(browser, base, { token: guest.access_token, user: guest.user }, { viewport: DESKTOP });
      await page.goto(`${base}/`);
      const button = page.getByTestId('account-menu-button');
      await button.waitFor();
      assert.equal((await page.getByTestId('signed-in-as').textContent()).trim(), `Hi, ${guest.user.firstName}`);
      const badge = button.getByTestId('unread-count');
      await page.waitForFunction((n) => document.querySelector('[data-testid="unread-count"]')?.textContent?.startsWith(String(n)), expected);
      assert.match(await badge.textContent(), new RegExp(`^${expected}`));
      await button.click();
      const menu = page.getByRole('navigation', { name: 'Account' });
      for (const name of ['Trips', 'Favourites', 'Profile', 'Verification']) await menu.getByRole('link', { name, exact: true }).waitFor();
      await menu.getByRole('link', { name: /^Messages/ }).waitFor();
      await menu.getByRole('button', { name: 'Log out' }).waitFor();
      await shot(page, 'account-menu');
      await expectAccessible(page, 'account menu open');

      await menu.getByRole('link', { name: 'Trips', exact: true }).click();
      await page.getByTestId('trips-page').waitFor();
      await page.locator(`[data-trip-id="${tripId}"]`).waitFor();
      await button.click();
      await menu.getByRole('link', { name: 'Favourites', exact: true }).click();
      await page.getByTestId('favourites-page').waitFor();
      await page.getByRole('heading', { name: 'Favourites', level: 1 }).waitFor();
      await button.click();
      await menu.getByRole('link', { name: 'Profile', exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/user-profile/${guest.user.userId}`);
      await button.click();
      await menu.getByRole('link', { name: 'Verification', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/verification/prebook');

      // Reading the room reads its messages: the count goes down by them.
      await page.goto(`${base}/messages/${room.id}`);
      await page.getByTestId('chat-message').filter({ hasText: 'Keys are in the lockbox.' }).waitFor();
      await page.goto(`${base}/help`);
      await button.waitFor();
      await page.waitForFunction((n) => {
        const t = document.querySelector('[data-testid="unread-count"]')?.textContent ?? '0';
        return parseInt(t, 10) === n;
      }, before.unreadTotal);
      await button.click();
      await menu.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    } finally {
      await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.access_token, { 'idempotency-key': `e2e-cancel-${tripId}` });
    }
  },

  async 'on a phone the signed-in header is one line with a menu holding the places and the view switch'({ browser, base, shot }) {
    const guest = await apiLogin(base, GUEST);
    const page = await signedInPage(browser, base, { token: guest.access_token, user: guest.user }, { viewport: PHONE });
    await page.goto(`${base}/`);
    const button = page.getByTestId('account-menu-button');
    await button.waitFor();
    await headerFits(page, 'phone header, guest view');
    await button.click();
    const menu = page.getByRole('navigation', { name: 'Account' });
    for (const name of ['Long-term', 'List your car', 'Trips', 'Favourites', 'Profile']) await menu.getByRole('link', { name, exact: true }).waitFor();
    await menu.getByRole('button', { name: 'Switch to hosting' }).waitFor();
    await shot(page, 'phone-menu');
    await expectAccessible(page, 'phone account menu');
    const menuBox = await menu.boundingBox();
    assert.ok(menuBox.x >= 0 && menuBox.x + menuBox.width <= PHONE.width, 'the menu fits the screen');

    // The host's view: the host's places are in the menu, the header stays one line.
    const host = await apiLogin(base, HOST);
    const hostPage = await signedInPage(browser, base, { token: host.access_token, user: host.user }, { viewport: PHONE });
    await hostPage.evaluate(() => localStorage.setItem('isHostView', 'true'));
    await hostPage.goto(`${base}/host/listings`);
    await hostPage.getByTestId('account-menu-button').waitFor();
    await headerFits(hostPage, 'phone header, host view');
    await hostPage.getByTestId('account-menu-button').click();
    const hostMenu = hostPage.getByRole('navigation', { name: 'Account' });
    for (const name of ['Listings', 'Bookings', 'Earnings']) await hostMenu.getByRole('link', { name, exact: true }).waitFor();
    await hostMenu.getByRole('button', { name: 'Switch to traveling' }).waitFor();
    await hostMenu.getByRole('link', { name: 'Earnings', exact: true }).click();
    await hostPage.waitForURL((u) => u.pathname === '/host/earnings');
    await shot(hostPage, 'phone-host-menu');
  },
};
