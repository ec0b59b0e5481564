import { assert, DESKTOP, expectAccessible, newPage, PHONE } from '../helpers.mjs';

export const tests = {
  async 'home shows every section and searches from the hero'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Premium Experience. Delivered.' }).waitFor();
    await page.getByTestId('home-card').first().waitFor();
    // 7 cards at 1024 px and wider.
    assert.equal(await page.getByTestId('home-card').count(), 7);
    const headings = await page.locator('main h2').allTextContents();
    for (const h of ['Handpicked Cars', 'Upcar vs traditional rentals', 'Built for Professionals', 'Frequently asked questions', 'Get the app']) assert.ok(headings.includes(h), `section ${h}`);
    await shot(page, 'home');
    await expectAccessible(page, 'home');
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('fromTime'), '10:00 AM');
    assert.ok(url.searchParams.get('latitude'));
    await page.getByTestId('result-card').first().waitFor();
    await shot(page, 'search-from-hero');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  },

  async 'the hero search can start from the current location, named by reverse geocoding'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP, { geolocation: { latitude: 34.0522, longitude: -118.2437 }, permissions: ['geolocation'] });
    await page.goto(`${base}/`);
    const where = page.getByRole('combobox', { name: 'Where' });
    await where.click();
    await page.getByRole('option', { name: 'Use current location' }).click();
    await page.waitForFunction((el) => el.value.includes('Los Angeles'), await where.elementHandle());
    await shot(page, 'current-location');
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    assert.ok(Math.abs(Number(url.searchParams.get('latitude')) - 34.0522) < 0.01, url.href);
    await page.getByTestId('result-card').first().waitFor();
    await page.context().close();
  },

  async 'home on a 390 px phone shows 15 cards'({ browser, base, shot }) {
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/`);
    await page.getByTestId('home-card').first().waitFor();
    assert.equal(await page.getByTestId('home-card').count(), 15);
    await shot(page, 'home-phone');
    await page.context().close();
  },
};
