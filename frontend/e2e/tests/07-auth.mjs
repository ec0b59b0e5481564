import { apiLogin, assert, call, DESKTOP, expectAccessible, newPage, ymd } from '../helpers.mjs';

const GUEST = { email: 'guest@demo.local', password: 'DemoGuest123!' };
/** A demo car (demo car 2 of host@demo.local). */
const CAR = '01940000-0000-7000-8000-000000000002';

/** The `exp` of a JWT's claims, in Unix seconds. */
const expOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp;

/** A page signed in with `s` (a login's answer). */
async function pageWith(browser, base, s, options = {}) {
  const page = await newPage(browser, DESKTOP, options);
  await page.goto(`${base}/404`);
  await page.evaluate(([t, u]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('user', JSON.stringify(u));
  }, [s.access_token, s.user]);
  return page;
}

export const tests = {
  async 'forgot password signs the guest in with an emailed code'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.getByLabel('Email').fill('guest@demo.local');
    const since = new Date().toISOString();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByLabel('Code').waitFor();
    let code;
    for (let i = 0; i < 30 && !code; i++) {
      const r = await (await fetch(`${base}/v1/dev/outbox?to=guest@demo.local`)).json();
      code = r.data?.find((m) => m.code && m.createdAt >= since)?.code;
      if (!code) await new Promise((res) => setTimeout(res, 200));
    }
    assert.ok(code, 'a code in the outbox');
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('OTP Verified! Logging you in...').first().waitFor();
    await shot(page, 'verified');
    await page.getByTestId('signed-in-as').waitFor();
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await page.evaluate(() => Boolean(localStorage.getItem('token'))));
    await page.context().close();
  },

  async 'a wrong password shows the first sentence of the error and keeps the visitor logged out'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Email').fill('guest@demo.local');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByRole('alert').waitFor();
    assert.match(await dialog.getByRole('alert').textContent(), /^[^.!?]+[.!?]$/);
    await shot(page, 'wrong-password');
    await expectAccessible(page, 'login modal');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.context().close();
  },

  async 'a session ended on the server (its token revoked) goes to the login with the page kept, and back there after logging in'({ browser, base, shot }) {
    const s = await apiLogin(base, GUEST);
    const page = await pageWith(browser, base, s);
    const carPage = `/car/${CAR}?fromDate=${ymd(40)}&fromTime=10%3A00&untilDate=${ymd(42)}&untilTime=10%3A00`;
    await page.goto(`${base}${carPage}`);
    await page.getByTestId('signed-in-as').waitFor();
    await page.getByTestId('fav-button').first().waitFor();
    // The session ends elsewhere (logged out on another device): the token is revoked.
    const [ls, lb] = await call(base, 'GET', '/v1/logout', undefined, s.access_token);
    assert.equal(ls, 200, JSON.stringify(lb));
    // The next call is refused: the session is cleared and the login asked for, the page kept.
    await page.getByTestId('fav-button').first().click();
    await page.waitForURL((u) => u.pathname === '/login-static');
    assert.equal(new URL(page.url()).searchParams.get('nextPage'), carPage);
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByTestId('login-notice').filter({ hasText: 'Your session has expired. Please log in again.' }).waitFor();
    await shot(page, 'session-ended');
    await expectAccessible(page, 'login after an ended session');
    await dialog.getByLabel('Email').fill(GUEST.email);
    await dialog.getByLabel('Password').fill(GUEST.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => `${u.pathname}${u.search}` === carPage);
    await page.getByTestId('signed-in-as').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    assert.ok(token && token !== s.access_token, 'a new session');

    // A stored token refused when the app loads goes to the login too. The page is left first:
    // a call of the open page after the logout would end the session there and then, and the
    // next load would find no token to check.
    await page.goto('about:blank');
    const [ls2, lb2] = await call(base, 'GET', '/v1/logout', undefined, token);
    assert.equal(ls2, 200, JSON.stringify(lb2));
    await page.goto(`${base}/help?topic=payments`);
    await page.waitForURL((u) => u.pathname === '/login-static');
    assert.equal(new URL(page.url()).searchParams.get('nextPage'), '/help?topic=payments');
    await page.context().close();
  },

  async 'a token with an hour or less left is refreshed; the server saying not yet keeps the session'({ browser, base, shot }) {
    const first = await apiLogin(base, GUEST);
    const second = await apiLogin(base, GUEST);
    // This browser's clock half an hour before the token's end: within the refresh window.
    const clock = (expOf(first.access_token) - 1800) * 1000;

    // The server, whose clock says the token has almost a day left, answers "not due": the
    // session goes on with its token.
    const early = await pageWith(browser, base, first);
    await early.clock.install({ time: clock });
    const asked = early.waitForResponse((r) => r.url().endsWith('/v1/users/refreshToken'));
    await early.goto(`${base}/help`);
    const answer = await asked;
    assert.equal(answer.request().headers().authorization, `Bearer ${first.access_token}`);
    assert.equal(answer.status(), 400);
    assert.equal((await answer.json()).error, 'token_refresh_not_due');
    await early.getByTestId('signed-in-as').waitFor();
    assert.equal(await early.evaluate(() => localStorage.getItem('token')), first.access_token);
    await early.context().close();

    // The server agreeing (its answer: a new session of the same member): the new token is
    // stored and the calls go on with it, accepted by the server.
    const page = await pageWith(browser, base, first);
    await page.clock.install({ time: clock });
    const refreshes = [];
    await page.route('**/v1/users/refreshToken', (route) => {
      refreshes.push(route.request().headers().authorization);
      return route.fulfill({ json: { status: true, message: 'Token refreshed', access_token: second.access_token, expiresAt: expOf(second.access_token), user: second.user } });
    });
    const trips = page.waitForResponse((r) => r.url().includes('/v1/trips/getInProgressAndFutureTrips'));
    await page.goto(`${base}/bookings`);
    const listed = await trips;
    assert.deepEqual(refreshes, [`Bearer ${first.access_token}`], 'refreshed before the first call');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), second.access_token);
    assert.equal(listed.request().headers().authorization, `Bearer ${second.access_token}`);
    assert.ok([200, 404].includes(listed.status()), `the new token is accepted (${listed.status()})`);
    await page.getByRole('heading', { name: 'Your trips' }).waitFor();
    await page.getByTestId('signed-in-as').waitFor();
    assert.equal(refreshes.length, 1, 'refreshed once');
    await shot(page, 'refreshed');
    await page.context().close();
  },

  async "the spec's texts and times: the invitation code checked on its own, the sign-up toast for 1 s, a failed logout, a price that cannot be fetched"({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    // The invitation code is checked by the server when the field is left.
    await dialog.getByLabel('Invitation code').fill('NOT-A-REAL-CODE');
    await dialog.getByLabel('Password').focus();
    await dialog.getByText('Invalid invitation code').waitFor();
    // The check failing (no answer) says so.
    await page.route('**/v1/users/validateInvitationCodeForSignUp', (route) => route.abort());
    await dialog.getByLabel('Invitation code').fill('ANOTHER-CODE');
    await dialog.getByLabel('Password').focus();
    await dialog.getByText('Failed to validate invitation code. Please try again.').waitFor();
    await page.unroute('**/v1/users/validateInvitationCodeForSignUp');
    await dialog.getByLabel('Invitation code').fill('DEMO-INVITE');
    await dialog.getByLabel('Password').focus();
    await dialog.getByTestId('code-valid').waitFor();
    await expectAccessible(page, 'sign-up, code checked');
    await dialog.getByLabel('First name').fill('Toby');
    await dialog.getByLabel('Last name').fill('Toast');
    await dialog.getByLabel('Email', { exact: true }).fill(`toast-e2e-${Date.now()}@example.com`);
    await dialog.getByLabel('Password').fill('TobyToast123!');
    await dialog.getByLabel(/I accept the/).check();
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    // The toast shows for 1 s; the modal closes after 2 s.
    const toast = page.locator('.toast').filter({ hasText: 'Sign up successful!' });
    await toast.waitFor();
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 3000 });
    const shownFor = Date.now() - shownAt;
    assert.ok(shownFor < 1500, `the toast went after about 1 s (${shownFor} ms)`);
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('signed-in-as').waitFor();

    // The server failing the logout: the local session is cleared all the same, and the status said.
    await page.route('**/v1/logout', (route) => route.fulfill({ status: 500, json: { error: 'internal_error', message: 'Something broke' } }));
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
    await page.locator('.toast').filter({ hasText: 'Failed to log out. Status: 500' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    await shot(page, 'logout-failed');

    // A car page whose price call gets no answer.
    await page.route('**/v1/tripPrice/getTripPrice**', (route) => route.abort());
    await page.goto(`${base}/car/${CAR}?fromDate=${ymd(40)}&fromTime=10%3A00&untilDate=${ymd(42)}&untilTime=10%3A00`);
    await page.getByTestId('price-unavailable').filter({ hasText: 'An error occurred while fetching price details' }).waitFor({ timeout: 20_000 });
    assert.ok(await page.getByTestId('continue').isDisabled());
    await page.context().close();
  },
};
