import { assert, DESKTOP, expectAccessible, newPage, searchUrl } from '../helpers.mjs';

export const tests = {
  async 'the host card opens the host\'s public profile'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base));
    await page.goto(base + (await page.getByTestId('result-link').first().getAttribute('href')));
    const link = page.locator('.host-card__link');
    await link.waitFor();
    const href = await link.getAttribute('href');
    assert.match(href, /^\/user-profile\/[^/]+$/);
    assert.equal(await link.getAttribute('target'), '_blank');
    const name = (await link.locator('strong').textContent()).trim();
    await page.goto(base + href);
    await page.getByTestId('user-profile').waitFor();
    assert.equal((await page.getByRole('heading', { level: 1 }).textContent()).trim(), name);
    await page.getByRole('heading', { name: 'User Reviews' }).waitFor();
    // The host's listed cars: "{n} Vehicles", 6 at first, each with View Details.
    const title = page.getByRole('heading', { name: /^\d+ Vehicles?$/ });
    await title.waitFor();
    const n = Number((await title.textContent()).split(' ')[0]);
    const shown = await page.getByTestId('vehicle-card').count();
    assert.ok(n >= 1 && shown === Math.min(n, 6), `${shown} of ${n}`);
    assert.match(await page.getByRole('link', { name: /^View details of / }).first().getAttribute('href'), /^\/car\//);
    // Verified Info, and the tiers explained in a dialog.
    await page.getByRole('heading', { name: 'Verified Info' }).waitFor();
    await page.getByRole('button', { name: 'Tier Information' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tier Information' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('listitem').count(), 4);
    await shot(page, 'tiers');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'profile');
    await expectAccessible(page, 'user profile');
    await page.context().close();
  },
};
