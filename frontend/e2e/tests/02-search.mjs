import { assert, DESKTOP, expectAccessible, newPage, PHONE, searchUrl } from '../helpers.mjs';

// After a change the list shows skeletons, then the new cards: wait until the cards satisfy `ok`.
// The page is read with page.evaluate and `ok` runs here: the app's CSP allows no eval in the
// page (which a string predicate would need).
async function waitForCards(page, ok, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const { titles, prices, loading } = await page.evaluate(() => ({
      titles: [...document.querySelectorAll('[data-testid="result-card"] h3')].map((e) => e.textContent),
      prices: [...document.querySelectorAll('[data-testid="price-label"]')].map((e) => Number(e.textContent.replace(/[^0-9.]/g, ''))),
      loading: Boolean(document.querySelector('[data-testid="search-skeleton"]')),
    }));
    if (titles.length > 0 && !loading && ok(titles, prices)) return;
    if (Date.now() > deadline) throw new Error(`the cards never satisfied ${ok}: ${JSON.stringify({ titles, prices })}`);
    await page.waitForTimeout(100);
  }
}

const dayPrices = async (page) => (await page.getByTestId('price-label').allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, '')));

export const tests = {
  async 'search near Fremont shows cards and map markers; hover highlights the marker'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base));
    await page.getByTestId('result-card').first().waitFor();
    const cards = await page.getByTestId('result-card').count();
    assert.ok(cards >= 10, `cards: ${cards}`);
    // The car's own photo, from this stack's address (not the placeholder after a failed load).
    const photo = page.locator('[data-testid="result-card"] img.car-photo').first();
    await page.waitForFunction((img) => img.complete, await photo.elementHandle());
    const src = await photo.getAttribute('src');
    assert.ok(src.startsWith(`${base}/v1/files/`), `photo from this stack: ${src}`);
    assert.ok(await photo.evaluate((img) => img.naturalWidth > 0), `photo loaded: ${src}`);
    await page.locator('[data-testid="cars-map"][data-loaded="true"]').waitFor();
    await page.getByTestId('price-marker').first().waitFor();
    assert.equal(await page.getByTestId('price-marker').count(), cards);
    // The map at zoom 13 on the searched place (spec 000 section 9).
    const map = page.getByTestId('cars-map');
    assert.equal(await map.getAttribute('data-zoom'), '13');
    assert.equal(await map.getAttribute('data-center'), '37.5485,-121.9886');
    await shot(page, 'results');
    const second = page.getByTestId('result-card').nth(1);
    const id = await second.getAttribute('data-car-id');
    await second.hover();
    const marker = page.locator(`[data-testid="price-marker"][data-car-id="${id}"]`);
    assert.equal(await marker.getAttribute('data-highlighted'), 'true');
    assert.equal(await page.locator('[data-testid="price-marker"][data-highlighted="true"]').count(), 1);
    await shot(page, 'hover-highlight');
    await expectAccessible(page, 'search');
    await page.context().close();
  },

  async 'the long-term page searches 35 days and the results are priced per month'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/long-term-rental`);
    await page.getByRole('heading', { name: 'Rent for a month or more' }).waitFor();
    await shot(page, 'long-term');
    await page.getByTestId('search-submit').click();
    await page.waitForURL(/\/search\?/);
    const q = new URL(page.url()).searchParams;
    const days = (new Date(q.get('untilDate')) - new Date(q.get('fromDate'))) / 86_400_000;
    assert.equal(days, 35);
    await page.getByTestId('result-card').first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="price-label"]')].some((e) => e.textContent.includes('/ month')));
    await shot(page, 'long-term-results');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  },

  async 'filters and sort change the list'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base));
    await page.getByTestId('result-card').first().waitFor();
    const before = await page.getByTestId('result-card').count();
    await page.getByTestId('filter-sortBy').selectOption('priceAsc');
    await page.waitForURL(/sortBy=priceAsc/);
    await waitForCards(page, (t, p) => p.every((x, i) => i === 0 || p[i - 1] <= x));
    const asc = await dayPrices(page);
    assert.deepEqual(asc, [...asc].sort((a, b) => a - b), `ascending: ${asc}`);
    await page.getByTestId('filter-sortBy').selectOption('priceDesc');
    await page.waitForURL(/sortBy=priceDesc/);
    await waitForCards(page, (t, p) => p.every((x, i) => i === 0 || p[i - 1] >= x));
    const desc = await dayPrices(page);
    assert.deepEqual(desc, [...desc].sort((a, b) => b - a), `descending: ${desc}`);
    await shot(page, 'sorted-desc');
    await page.getByTestId('filter-make').selectOption('Tesla');
    await page.waitForURL(/make=Tesla/);
    await waitForCards(page, (t) => t.every((x) => x.includes('Tesla')));
    const titles = await page.locator('[data-testid="result-card"] h3').allTextContents();
    assert.ok(titles.length > 0 && titles.length < before, `filtered ${titles.length} of ${before}`);
    assert.ok(titles.every((t) => t.includes('Tesla')), titles.join(', '));
    await shot(page, 'filtered-tesla');
    await page.context().close();
  },

  async 'a marker opens a popup and moving the map offers Search Here'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base));
    await page.locator('[data-testid="cars-map"][data-loaded="true"]').waitFor();
    await page.getByTestId('price-marker').first().click();
    const popup = page.getByTestId('map-popup');
    await popup.waitFor();
    const href = await popup.locator('a').getAttribute('href');
    assert.match(href, /^\/car\/[^?]+\?.*latitude=.*longitude=.*address=/);
    await shot(page, 'popup');
    assert.equal(await page.getByTestId('search-here').count(), 0);
    const box = await page.getByTestId('cars-map').boundingBox();
    await page.keyboard.press('Escape');
    await page.mouse.move(box.x + 100, box.y + box.height - 30);
    await page.mouse.down();
    await page.mouse.move(box.x + 300, box.y + box.height - 230, { steps: 12 });
    await page.mouse.up();
    await page.getByTestId('search-here').waitFor();
    await shot(page, 'search-here');
    const lat0 = new URL(page.url()).searchParams.get('latitude');
    await page.getByTestId('search-here').click();
    await page.waitForURL((u) => new URL(u).searchParams.get('latitude') !== lat0);
    await page.getByTestId('search-here').waitFor({ state: 'detached' });
    await page.context().close();
  },

  async 'search on a 390 px phone: compact bar, bottom sheet and map'({ browser, base, shot }) {
    const page = await newPage(browser, PHONE);
    await page.goto(searchUrl(base));
    await page.getByTestId('change-search').waitFor();
    await page.getByTestId('result-card').first().waitFor();
    await page.locator('[data-testid="cars-map"][data-loaded="true"]').waitFor();
    assert.ok((await page.getByTestId('price-marker').count()) > 0);
    await shot(page, 'phone-map-and-sheet');
    await page.locator('.sheet__handle').click();
    await page.getByRole('button', { name: 'Map', exact: true }).waitFor();
    await shot(page, 'phone-sheet-full');
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.getByTestId('change-search').click();
    await page.getByRole('dialog', { name: 'Search' }).waitFor();
    await shot(page, 'phone-search-modal');
    await expectAccessible(page, 'search (phone)');
    await page.context().close();
  },
};
