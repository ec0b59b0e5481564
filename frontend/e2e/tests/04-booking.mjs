import { assert, DESKTOP, expectAccessible, login, newPage, PHONE, searchUrl, Skip, unavailable, ymd } from '../helpers.mjs';

async function firstCar(base) {
  const r = await (await fetch(searchUrl(base).replace('/search?', '/v1/cars/search?'))).json();
  // A car the demo guest does not own.
  return r.data[0]._id;
}

function checkoutUrl(base, carId) {
  const q = new URLSearchParams({ carId, startDate: ymd(20), endDate: ymd(22), startTime: '10:00 AM', endTime: '10:00 AM' });
  return `${base}/checkout?${q}`;
}

async function checkoutFlow(browser, base, shot, viewport) {
  const pricingDown = await unavailable(base, 'POST', '/v1/tripPrice/getFinalTripPrice');
  if (pricingDown) throw new Skip(pricingDown);
  const page = await newPage(browser, viewport);
  const session = await login(page, base);
  const carId = await firstCar(base);
  const tripsDown = (await unavailable(base, 'POST', '/v1/payment/stripe/getPrimaryPaymentMethod', session.access_token)) ?? (await unavailable(base, 'POST', '/v1/trips/createTrip', session.access_token));
  await page.goto(checkoutUrl(base, carId));
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  // Standard is preselected and the quote is the server's.
  await page.locator('[data-testid="plan-Standard"] input:checked').waitFor();
  await page.getByTestId('checkout-breakdown').waitFor();
  const total = await page.locator('[data-testid="checkout-breakdown"] .breakdown__total td').textContent();
  assert.match(total, /^\$[\d,]+\.\d{2}$/);
  await shot(page, 'checkout');
  await expectAccessible(page, 'checkout');
  // Decline asks first; Choose Minimum selects Minimum.
  await page.locator('[data-testid="plan-Decline"] input').click();
  await page.getByRole('dialog', { name: 'Decline protection?' }).waitFor();
  await shot(page, 'decline-confirm');
  await page.getByRole('button', { name: 'Choose Minimum' }).click();
  await page.locator('[data-testid="plan-Minimum"] input:checked').waitFor();
  await page.waitForFunction((t) => document.querySelector('[data-testid="checkout-breakdown"] .breakdown__total td')?.textContent !== t, total);
  await shot(page, 'minimum-plan');
  if (tripsDown) throw new Skip(`${tripsDown}; checkout verified up to Book`);
  await page.getByTestId('saved-card').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="book"]')?.disabled);
  await page.getByTestId('book').click();
  await page.waitForURL(/\/bookings\?tripId=/);
  await page.getByTestId('trip-page').waitFor();
  await page.getByTestId('trip-status').waitFor();
  const tripId = new URL(page.url()).searchParams.get('tripId');
  const trip = await (await fetch(`${base}/v1/trips/getTrip/${tripId}`, { headers: { authorization: `Bearer ${session.access_token}` } })).json();
  assert.equal(trip.data.carId, carId);
  assert.equal(await page.getByTestId('trip-status').textContent(), trip.data.status);
  // Shown in the car's time zone: the 10:00 AM that was booked.
  assert.match(await page.getByTestId('trip-times').textContent(), /10:00 AM P[SD]T – .*10:00 AM P[SD]T/);
  // Cancel it again so the demo car stays free for the next run (best effort).
  await fetch(`${base}/v1/trips/cancelTrip`, { method: 'POST', headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json', 'idempotency-key': `e2e-cancel-${tripId}` }, body: JSON.stringify({ tripId, cancelReason: 'browser test' }) });
  await shot(page, 'trip');
  await expectAccessible(page, 'trip page');
  await page.context().close();
}

export const tests = {
  async 'checkout prices delivery to the chosen address'({ browser, base, shot }) {
    const pricingDown = await unavailable(base, 'POST', '/v1/tripPrice/getFinalTripPrice');
    if (pricingDown) throw new Skip(pricingDown);
    const page = await newPage(browser, DESKTOP);
    await login(page, base);
    const carId = await firstCar(base);
    await page.goto(`${checkoutUrl(base, carId)}&pickUpLatitude=37.53&pickUpLongitude=-121.95&pickUpAddress=${encodeURIComponent('Fremont Marriott Silicon Valley, Fremont, CA')}`);
    await page.getByTestId('pickup').filter({ hasText: 'Delivered to Fremont Marriott' }).waitFor();
    await page.locator('[data-testid="checkout-breakdown"] th', { hasText: /^Delivery/ }).waitFor();
    await shot(page, 'delivery-priced');
    await page.context().close();
  },

  async 'the demo guest books a car through checkout and sees the trip'({ browser, base, shot }) {
    await checkoutFlow(browser, base, shot, DESKTOP);
  },
  async 'the same booking on a 390 px phone'({ browser, base, shot }) {
    await checkoutFlow(browser, base, shot, PHONE);
  },
  async 'the logged-in guest passes the booking gate from the car page'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    const session = await login(page, base);
    const down = await unavailable(base, 'GET', `/v1/cars/isUserAvailableForTheDates?startDate=${ymd(20)}&startTime=10:00%20AM&endDate=${ymd(22)}&endTime=10:00%20AM`, session.access_token);
    if (down) throw new Skip(down);
    const carId = await firstCar(base);
    await page.goto(`${base}/car/${carId}?fromDate=${ymd(20)}&untilDate=${ymd(22)}`);
    await page.waitForFunction(() => /\$\d/.test(document.querySelector('[data-testid="car-price"]')?.textContent ?? ''));
    await page.getByTestId('continue').click();
    await page.waitForURL(/\/(checkout|verification\/prebook)\?/);
    assert.match(page.url(), /\/checkout\?.*carId=/, 'the verified demo guest goes straight to checkout');
    await shot(page, 'gate-to-checkout');
    await page.context().close();
  },
};
