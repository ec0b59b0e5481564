import { assert, DESKTOP, expectAccessible, newPage, PHONE, searchUrl, Skip, unavailable, ymd } from '../helpers.mjs';

async function firstCarUrl(page, base) {
  await page.goto(searchUrl(base));
  await page.getByTestId('result-link').first().waitFor();
  return base + (await page.getByTestId('result-link').first().getAttribute('href'));
}

export const tests = {
  async 'car page shows the car, the price for the chosen dates, and asks a logged-out visitor to log in'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    const url = await firstCarUrl(page, base);
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Description' }).waitFor();
    await page.getByRole('heading', { name: 'Reviews', exact: true }).waitFor();
    // The car's map at zoom 14 on the car, its marker shown (spec 000 section 9).
    const carId = url.split('/car/')[1].split('?')[0];
    const car = (await (await fetch(`${base}/v1/cars/getCar/${carId}`)).json()).data;
    const map = page.locator('.car-page__map[data-loaded="true"]');
    await map.waitFor();
    assert.equal(await map.getAttribute('data-zoom'), '14');
    assert.equal(await map.getAttribute('data-center'), `${car.latitude.toFixed(4)},${car.longitude.toFixed(4)}`);
    assert.equal(await map.getByTestId('price-marker').count(), 1);
    // Closer in than the offline roads: the address is said over the map, with a scale.
    const said = (await map.getByTestId('map-address').textContent()).trim();
    assert.ok(said.startsWith([car.address.street, car.address.city, car.address.state].filter(Boolean).join(', ')), said);
    await map.locator('.maplibregl-ctrl-scale').waitFor();
    await shot(page, 'car');
    await expectAccessible(page, 'car page');
    const down = await unavailable(base, 'GET', '/v1/tripPrice/getTripPrice');
    if (down) throw new Skip(down);
    const price = page.getByTestId('car-price');
    await page.waitForFunction(() => /\$\d/.test(document.querySelector('[data-testid="car-price"]')?.textContent ?? ''));
    // The total itself (the panel also names the plan's price it includes).
    const shown = Number((await price.locator('.booking-panel__total').textContent()).replace(/[^0-9.]/g, ''));
    const q = new URL(url).searchParams;
    const api = await (await fetch(`${base}/v1/tripPrice/getTripPrice?carId=${url.split('/car/')[1].split('?')[0]}&newStartDate=${q.get('fromDate')}&newStartTime=${encodeURIComponent(q.get('fromTime'))}&newEndDate=${q.get('untilDate')}&newEndTime=${encodeURIComponent(q.get('untilTime'))}`)).json();
    assert.equal(shown, api.data.finalPrice, 'the page shows the server price for these dates');
    await shot(page, 'car-priced');
    await page.getByTestId('continue').click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await shot(page, 'continue-opens-login');
    // Logging in through the modal keeps the visitor on the car page and resumes the booking.
    await page.getByLabel('Email').fill('guest@demo.local');
    await page.getByLabel('Password').fill('DemoGuest123!');
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('signed-in-as').waitFor();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => sessionStorage.getItem('pendingVerify')), null);
    await page.waitForURL(/\/(checkout|verification\/prebook|error\/user-trips-error)\?|\/car\//);
    await shot(page, 'after-login');
    await page.context().close();
  },

  async 'a delivery address is found by autocomplete and checked against the host\'s range'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    const url = await firstCarUrl(page, base);
    await page.goto(url);
    await page.getByLabel('Deliver to an address').check();
    const input = page.getByRole('combobox', { name: 'Delivery address' });
    await input.fill('Fremont Marr');
    const option = page.getByRole('option', { name: /Fremont Marriott/ }).first();
    await option.waitFor();
    assert.equal(await page.getByRole('group', { name: 'Hotel' }).count(), 1, 'hotels are grouped');
    await option.click();
    const status = page.getByRole('status').filter({ hasText: 'mi from the car' });
    await status.waitFor();
    assert.match(await status.textContent(), /^\d+\.\d mi from the car; the host delivers (there|up to \d+ mi)\.$/);
    await shot(page, 'delivery-checked');
    await page.context().close();
  },

  async 'trip dates can be changed with the keyboard'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    const url = await firstCarUrl(page, base);
    await page.goto(url);
    const from = new URL(url).searchParams.get('fromDate');
    await page.getByTestId('from-date').first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Choose trip dates' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-date')), from, 'focus on the start day');
    // The next day, by keyboard (the arrow keys move between days, across months too),
    // becomes the new end.
    await page.keyboard.press('ArrowRight');
    const next = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
    await page.keyboard.press('Enter');
    await shot(page, 'calendar-keyboard');
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => new URL(u).searchParams.get('untilDate') === next);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'from-date', 'focus back on the field');
    await page.context().close();
  },

  async 'an unknown car leads to /404'({ browser, base }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/car/00000000-0000-7000-8000-000000000000?fromDate=${ymd(3)}&untilDate=${ymd(4)}`);
    await page.waitForURL(/\/404$/);
    await page.getByTestId('not-found').waitFor();
    await page.context().close();
  },

  async 'car page on a 390 px phone has the sticky price bar, and its photos turn with a swipe'({ browser, base, shot }) {
    const page = await newPage(browser, PHONE);
    // A demo car (its drawn photos), at the dates search gave.
    const url = (await firstCarUrl(page, base)).replace(/\/car\/[^?]+/, '/car/01940000-0000-7000-8000-000000000002');
    await page.goto(url);
    await page.getByRole('region', { name: 'Price and continue' }).waitFor();
    // The demo photos are three views of the car; the viewer says which and turns with a finger.
    const count = page.getByTestId('gallery-count');
    assert.equal((await count.textContent()).trim(), '1 / 3');
    assert.match(await page.getByTestId('gallery-main').locator('img').getAttribute('src'), /\/1\.svg$/);
    const box = await page.getByTestId('gallery-main').boundingBox();
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height / 2;
    const swipe = async (from, to) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: (from + to) / 2, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: to, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery-count"]')?.textContent?.trim() === '2 / 3');
    assert.match(await page.getByTestId('gallery-main').locator('img').getAttribute('src'), /\/2\.svg$/);
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery-count"]')?.textContent?.trim() === '1 / 3');
    await shot(page, 'car-phone');
    await expectAccessible(page, 'car page (phone)');
    await page.context().close();
  },
};
