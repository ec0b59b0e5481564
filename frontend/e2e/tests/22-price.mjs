import { assert, DESKTOP, expectAccessible, login, newPage, PHONE, searchUrl, Skip, unavailable, ymd } from '../helpers.mjs';

const dollars = (t) => Number(String(t).replace(/[^0-9.]/g, ''));

async function cardsAndPins(page) {
  await page.getByTestId('result-card').first().waitFor();
  await page.locator('[data-testid="cars-map"][data-loaded="true"]').waitFor();
  await page.getByTestId('price-marker').first().waitFor();
  // Once the page's prices came (the totals' line), the pins show what they will keep showing.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="price-total"]')].some((e) => /\$\d/.test(e.textContent)));
  return page.evaluate(() => {
    const pins = new Map([...document.querySelectorAll('[data-testid="price-marker"]')].map((m) => [m.dataset.carId, m.textContent.trim()]));
    return [...document.querySelectorAll('[data-testid="result-card"]')].map((c) => ({ id: c.dataset.carId, card: c.querySelector('[data-testid="price-label"]').textContent.trim(), pin: pins.get(c.dataset.carId) }));
  });
}

export const tests = {
  async 'a search card and its map pin lead with the same price'({ browser, base, shot }) {
    for (const viewport of [DESKTOP]) {
      const page = await newPage(browser, viewport);
      await page.goto(searchUrl(base));
      const rows = await cardsAndPins(page);
      assert.ok(rows.length >= 5, `cards: ${rows.length}`);
      for (const r of rows) assert.equal(r.pin, r.card, `car ${r.id}: the pin says ${r.pin}, the card ${r.card}`);
      await shot(page, 'cards-and-pins');
      await page.context().close();
    }
  },

  async "the car page's total is the default checkout's total, its protection plan itemised; each plan shows its cover and cost before it is chosen"({ browser, base, shot }) {
    const pricingDown = await unavailable(base, 'POST', '/v1/tripPrice/getFinalTripPrice');
    if (pricingDown) throw new Skip(pricingDown);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage(browser, viewport);
      await login(page, base);
      await page.goto(searchUrl(base));
      const href = await page.getByTestId('result-link').first().getAttribute('href');
      const from = 40 + Math.floor(Math.random() * 100);
      const url = new URL(base + href);
      url.searchParams.set('fromDate', ymd(from));
      url.searchParams.set('untilDate', ymd(from + 3));
      await page.goto(url.toString());
      await page.waitForFunction(() => /\$\d/.test(document.querySelector('[data-testid="car-price"]')?.textContent ?? ''));
      const carTotal = dollars(await page.locator('.booking-panel__total').textContent());
      const note = page.getByTestId('car-price-plan');
      await note.waitFor();
      assert.match(await note.textContent(), /Includes Standard protection \(\$[\d,.]+\)/);
      await page.getByRole('button', { name: 'Price details' }).click();
      const breakdown = page.getByTestId('price-breakdown');
      await breakdown.locator('th', { hasText: /^Protection plan: Standard/ }).waitFor();
      const lines = await breakdown.locator('tr').evaluateAll((rows) => rows.map((r) => [r.querySelector('th').firstChild.textContent.trim(), r.querySelector('td').textContent.trim()]));
      assert.equal(dollars(lines.at(-1)[1]), carTotal, 'the breakdown ends with the total shown');
      const itemised = lines.slice(0, -1).reduce((n, [, a]) => n + (a.startsWith('-') ? -dollars(a) : dollars(a)), 0);
      assert.ok(Math.abs(itemised - carTotal) < 0.011, `the lines add up to the total (${itemised} vs ${carTotal})`);
      // "$0 due now" once.
      const facts = await page.locator('.booking-panel__facts').textContent();
      assert.ok((facts.match(/\$0 due now/g) ?? []).length <= 1, `"$0 due now" once: ${facts}`);
      await shot(page, 'car-breakdown');
      await page.getByRole('dialog', { name: 'Price details' }).getByRole('button', { name: /close/i }).click();

      await page.getByTestId('continue').click();
      await page.waitForURL(/\/checkout\?/);
      const checkout = page.getByTestId('checkout-breakdown');
      await checkout.waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="checkout-breakdown"]')?.closest('[aria-busy]')?.getAttribute('aria-busy') === 'false');
      const checkoutTotal = dollars(await checkout.locator('tr.breakdown__total td').textContent());
      assert.equal(checkoutTotal, carTotal, 'checkout with nothing changed totals what the car page said');
      // Every plan: what it covers and what it costs, before it is chosen.
      for (const plan of ['Standard', 'Minimum']) {
        const cost = page.getByTestId(`plan-cost-${plan}`);
        await page.waitForFunction((p) => /\+\$\d/.test(document.querySelector(`[data-testid="plan-cost-${p}"]`)?.textContent ?? ''), plan);
        assert.match(await cost.textContent(), /% of the rental/);
        assert.ok((await page.getByTestId(`plan-${plan}`).locator('li').count()) > 0, `${plan} lists its cover`);
        assert.ok(await page.getByTestId(`plan-${plan}`).locator('li').first().isVisible());
      }
      const minimumCost = dollars(await page.getByTestId('plan-cost-Minimum').textContent().then((t) => t.split('(')[0]));
      const standardCost = dollars(await page.getByTestId('plan-cost-Standard').textContent().then((t) => t.split('(')[0]));
      const standardLine = dollars(await checkout.locator('tr', { hasText: 'Protection plan: Standard' }).locator('td').textContent());
      assert.equal(standardCost, standardLine, 'the plan costs what the checkout charges for it');
      await page.getByTestId('plan-Minimum').click();
      await checkout.locator('th', { hasText: /^Protection plan: Minimum/ }).waitFor();
      const minimumLine = dollars(await checkout.locator('tr', { hasText: 'Protection plan: Minimum' }).locator('td').textContent());
      assert.equal(minimumCost, minimumLine, 'Minimum costs what it said');
      await expectAccessible(page, 'checkout plans');
      await shot(page, 'checkout-plans');
      await page.context().close();
    }
  },
};
