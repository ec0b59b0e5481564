import { assert, call, expectAccessible, signedInPage, Skip, unavailable, verifiedGuest, ymd } from '../helpers.mjs';

/** A demo host's car that books at once (demo car 2 of host@demo.local). */
const CAR = '01940000-0000-7000-8000-000000000002';

export const tests = {
  async 'a licence that expires before the trip ends is refused at checkout, with a way to enter a renewed one'({ browser, base, shot }) {
    const down = await unavailable(base, 'POST', '/v1/trips/createTrip');
    if (down) throw new Skip(down);
    const guest = await verifiedGuest(base, { label: 'licence', firstName: 'Lee', lastName: 'Licence' });
    // A window the car has free (the browser tests run one at a time).
    let from = 0;
    for (let attempt = 0; attempt < 20 && !from; attempt++) {
      const d = 150 + Math.floor(Math.random() * 150);
      const [, a] = await call(base, 'GET', `/v1/cars/isCarAvailableForTheseDates/${CAR}?newStartDate=${ymd(d)}&newStartTime=10:00%20AM&newEndDate=${ymd(d + 2)}&newEndTime=10:00%20AM`);
      if (a.available === true || a.data?.available === true) from = d;
    }
    assert.ok(from, 'the demo car has a free window');
    // Valid through the day before the trip's last.
    const [ls, lb] = await call(base, 'PUT', '/v1/users/driverLicense', { firstName: 'Lee', lastName: 'Licence', licenseNumber: 'L7654321', issueDate: '2022-01-15', expirationDate: ymd(from + 1), dob: '1990-01-01' }, guest.token);
    assert.equal(ls, 200, JSON.stringify(lb));
    const page = await signedInPage(browser, base, { token: guest.token, user: guest.user });
    const q = new URLSearchParams({ carId: CAR, startDate: ymd(from), endDate: ymd(from + 2), startTime: '10:00 AM', endTime: '10:00 AM' });
    await page.goto(`${base}/checkout?${q}`);
    await page.getByTestId('saved-card').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="book"]')?.disabled);
    await page.getByTestId('book').click();
    const refusal = page.getByTestId('book-error');
    await refusal.waitFor();
    assert.match(await refusal.textContent(), new RegExp(`The driver's licence expires on ${ymd(from + 1)}, before the trip ends`));
    await shot(page, 'licence-refused');
    await expectAccessible(page, 'checkout with a licence refusal');
    // The link leads to the licence on file; a renewed one is entered there.
    await refusal.getByRole('link', { name: 'Update your licence details' }).click();
    await page.waitForURL(/\/verification\/prebook\?.*carId=/);
    await page.getByText(`Licence L7654321 is valid through ${ymd(from + 1)}. A trip can end no later than that day.`).waitFor();
    await page.getByRole('button', { name: 'Update licence details' }).click();
    await page.getByLabel('Expiration date').fill(ymd(from + 400));
    await page.getByRole('button', { name: 'Save licence' }).click();
    await page.getByText(`Licence L7654321 is valid through ${ymd(from + 400)}. A trip can end no later than that day.`).waitFor();
    await shot(page, 'licence-renewed');
    // Now the same trip books.
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout\?.*carId=/);
    await page.waitForFunction(() => !document.querySelector('[data-testid="book"]')?.disabled);
    await page.getByTestId('book').click();
    await Promise.race([
      page.waitForURL(/\/bookings\?tripId=/),
      page.getByTestId('book-error').waitFor().then(async () => assert.fail(`booking refused: ${await page.getByTestId('book-error').textContent()}`)),
    ]);
    const tripId = new URL(page.url()).searchParams.get('tripId');
    await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.token, { 'idempotency-key': `e2e-cancel-${tripId}` });
    await page.context().close();
  },
};
