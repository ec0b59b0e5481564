import { assert, call, DESKTOP, newPage, searchUrl } from '../helpers.mjs';

export const tests = {
  async 'the Manual filter finds no electric car'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base, '&transmissionType=manual'));
    await page.getByTestId('result-card').first().waitFor();
    const ids = await page.getByTestId('result-card').evaluateAll((cards) => cards.map((c) => c.dataset.carId));
    assert.ok(ids.length > 0, 'some manual cars');
    for (const id of ids) {
      const [s, car] = await call(base, 'GET', `/v1/cars/getCar/${id}`);
      assert.equal(s, 200);
      assert.equal(car.data.transmissionType, 'manual', `car ${id} is manual`);
      assert.notEqual(car.data.gasType, 'ev', `car ${id} (${car.data.make} ${car.data.model}) is electric`);
    }
    await shot(page, 'manual-filter');
  },

  async "a car's extras are named in words, never by their stored identifier"({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base));
    await page.getByTestId('result-card').first().waitFor();
    const ids = await page.getByTestId('result-card').evaluateAll((cards) => cards.map((c) => c.dataset.carId));
    let checked = 0;
    for (const id of ids) {
      const [, car] = await call(base, 'GET', `/v1/cars/getCar/${id}`);
      if (!car.data.extras?.some((x) => /_/.test(x.extraType))) continue;
      await page.goto(`${base}/car/${id}`);
      const list = page.getByTestId('extras');
      await list.waitFor();
      const names = await list.locator('strong').allTextContents();
      for (const n of names) assert.doesNotMatch(n, /_/, `extra named ${n}`);
      checked++;
      if (checked >= 2) break;
    }
    assert.ok(checked > 0, 'a car with stored extras was found');
    await shot(page, 'extras');
  },
};
