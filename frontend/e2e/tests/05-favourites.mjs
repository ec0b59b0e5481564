import { assert, DESKTOP, login, newPage, searchUrl } from '../helpers.mjs';

export const tests = {
  async 'a favourite toggled on the search page is kept by the server'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    const session = await login(page, base);
    // The hearts follow the server's favourites once that list has arrived.
    const favsLoaded = page.waitForResponse((r) => r.url().includes('/v1/users/getFavCars') && r.ok());
    await page.goto(searchUrl(base));
    const card = page.getByTestId('result-card').first();
    await card.waitFor();
    await favsLoaded;
    const id = await card.getAttribute('data-car-id');
    const heart = card.getByTestId('fav-button');
    // Hold the server's answer to the toggle, so the heart can only change optimistically.
    let release;
    const held = new Promise((res) => (release = res));
    const toggleCall = (url) => /\/v1\/users\/(addFav|removeFav)\//.test(url.href);
    await page.route(toggleCall, async (route) => {
      await held;
      await route.continue();
    });
    const before = (await heart.getAttribute('aria-pressed')) === 'true';
    await heart.click();
    await card.locator(`[data-testid="fav-button"][aria-pressed="${!before}"]`).waitFor({ timeout: 2000 }).catch(() => {});
    assert.equal(await heart.getAttribute('aria-pressed'), String(!before), 'optimistic toggle');
    // From here on every toggle goes through at once.
    release();
    await shot(page, 'toggled');
    const favs = async () => (await (await fetch(`${base}/v1/users/getFavCars`, { headers: { authorization: `Bearer ${session.access_token}` } })).json()).favoriteCars;
    await page.waitForTimeout(300);
    for (let i = 0; i < 20 && (await favs()).includes(id) === before; i++) await page.waitForTimeout(150);
    assert.equal((await favs()).includes(id), !before, 'server kept the change');
    await page.reload();
    await page.getByTestId('result-card').first().waitFor();
    assert.equal(await page.locator(`[data-car-id="${id}"] [data-testid="fav-button"]`).getAttribute('aria-pressed'), String(!before));
    // Put it back as it was.
    await page.locator(`[data-car-id="${id}"] [data-testid="fav-button"]`).click();
    for (let i = 0; i < 20 && (await favs()).includes(id) !== before; i++) await page.waitForTimeout(150);
    assert.equal((await favs()).includes(id), before);
    await page.context().close();
  },

  async 'a logged-out visitor gets the sign-up prompt from the heart'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base));
    await page.getByTestId('fav-button').first().click();
    await page.getByRole('dialog', { name: 'Sign up' }).waitFor();
    await shot(page, 'sign-up-prompt');
    await page.getByRole('button', { name: 'Login Here' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 1, 'login and sign-up are mutually exclusive');
    await page.context().close();
  },
};
