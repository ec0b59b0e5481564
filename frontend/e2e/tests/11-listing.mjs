import { readFileSync } from 'node:fs';
import { assert, call, DESKTOP, expectAccessible, login, newPage, newUser, png, Skip, unavailable, ymd } from '../helpers.mjs';

/** A 500 x 500 HEIC (made with `heif-enc` of Debian's libheif-examples): the browser converts it to JPEG. */
const HEIC = readFileSync(new URL('../fixtures/photo.heic', import.meta.url));

// 49 CFR 565.15: the VIN's ninth character is a check digit (the server checks it).
const TRANSLIT = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export function checkDigit(vin) {
  const sum = [...vin].reduce((s, c, i) => s + (/\d/.test(c) ? Number(c) : TRANSLIT[c]) * WEIGHTS[i], 0);
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** A 2021 Toyota RAV4 XLE (a real maker's pattern, decoded offline) with a random serial: unique per run. */
export function rav4Vin() {
  const serial = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const draft = `2T3P1RFV0MC${serial}`;
  return `${draft.slice(0, 8)}${checkDigit(draft)}${draft.slice(9)}`;
}

/** The step the wizard shows, once its section is on screen. */
async function atStep(page, step, testId) {
  await page.waitForURL((u) => u.pathname === '/host/become-host' && u.searchParams.get('step') === step);
  await page.getByTestId(testId).waitFor();
  assert.equal(await page.locator('[aria-current="step"]').getAttribute('data-step'), step, `the stepper marks ${step}`);
}

const DESCRIPTION_WORDS = 60;

export const tests = {
  async 'a street typed before choosing a city stays in the address, and an address is suggested once'({ browser, base }) {
    const host = await newUser(base, 'street');
    const down = await unavailable(base, 'POST', '/v1/host/carListing/checkCarListing', host.token);
    if (down) throw new Skip(down);
    const page = await newPage(browser, DESKTOP);
    await login(page, base, host.email, host.password);
    await page.goto(`${base}/host/become-host?step=location`);
    const box = page.getByRole('combobox', { name: "Car's address" });
    await box.fill('39180 Fremont Blvd');
    const city = page.getByRole('option', { name: 'Fremont, CA', exact: true });
    await city.waitFor();
    const options = await page.getByRole('option').allTextContents();
    assert.equal(new Set(options).size, options.length, `each suggestion once: ${options.join(' | ')}`);
    await city.click();
    await page.getByTestId('location-manual').waitFor();
    assert.equal(await page.getByLabel('Street address').inputValue(), '39180 Fremont Blvd');
    assert.equal(await page.getByLabel('City').inputValue(), 'Fremont');
    await page.getByText('This place has no zip: please complete the address.').waitFor();
  },

  async 'a new host lists a car through the 8 steps with real photos; once approved, guests find it'({ browser, base, shot }) {
    assert.equal(checkDigit('1M8GDM9AXKP042788'), 'X', 'the check digit of the standard example');
    // A brand-new user, signed up through the API.
    const email = `host-e2e-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
    const password = 'HostTester123!';
    const [ss, signUp] = await call(base, 'POST', '/v1/users/sign-up', {
      firstName: 'Lee', lastName: 'Lister', email, password, phoneNumber: `555${String(Date.now()).slice(-7)}`, signUpCode: 'DEMO-INVITE', promotions_enrollment: false,
    });
    assert.equal(ss, 201, JSON.stringify(signUp));
    const down = await unavailable(base, 'POST', '/v1/host/carListing/checkCarListing', signUp.access_token);
    if (down) throw new Skip(down);

    const page = await newPage(browser, DESKTOP, { timezoneId: 'America/Los_Angeles' });
    // The landing, signed out: the slider never goes below 2 and the headline follows it.
    await page.goto(`${base}/host/become-host`);
    await page.getByRole('heading', { name: 'Earn money with your car' }).waitFor();
    assert.equal(await page.title(), 'Become a host | Upcar');
    const slider = page.getByLabel('Months of hosting');
    await slider.fill('1');
    assert.equal(await slider.inputValue(), '2', 'the slider never goes below 2');
    assert.match(await page.getByTestId('earnings-headline').textContent(), /\$1,050 in 1 month$/);
    await slider.fill('6');
    assert.match(await page.getByTestId('earnings-headline').textContent(), /\$5,250 in 5 months$/);
    for (const claim of ['Guaranteed income', 'Reduced platform fees', 'Verified renters only', 'Insurance up to $1 million', 'Delivery by our own team']) await page.getByRole('heading', { name: claim }).waitFor();
    await shot(page, 'landing');
    await expectAccessible(page, 'host landing');

    // The incentives programme.
    await page.getByRole('link', { name: 'View Incentives Program' }).click();
    await page.getByRole('heading', { name: 'Fast Lane Program' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/host/incentives');
    const terms = await page.getByTestId('fast-lane-terms').textContent();
    for (const t of ['$300 per car per month', 'first 2 months', 'no mileage minimum', '2 to 5 cars', '2018 or newer', '70,000 miles', 'listed and available all month', 'reviewed and approved', 'reviewed monthly', '$1 million']) assert.ok(terms.includes(t), `incentive term "${t}" in: ${terms}`);
    await shot(page, 'incentives');
    await expectAccessible(page, 'incentives');
    await page.goBack();

    // Signed out, List your car goes to the login page, which comes back here.
    await page.getByRole('button', { name: 'List your car' }).click();
    await page.waitForURL((u) => u.pathname === '/login-static' && u.searchParams.get('nextPage') === '/host/become-host');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/host/become-host');
    await page.getByRole('button', { name: 'List your car' }).click();

    // 1. Location: a city lacks the street and zip, so the manual form asks for them.
    await atStep(page, 'location', 'location-search');
    await page.getByRole('heading', { name: 'List Your Car' }).waitFor();
    assert.deepEqual(await page.getByTestId('stepper').locator('li').allTextContents(), ['1Location', '2VIN', '3Availability', '4Features', '5Description', '6Price', '7Photos', '8Review']);
    await expectAccessible(page, 'wizard: location search');
    await page.getByRole('combobox', { name: "Car's address" }).fill('Fremont');
    await page.getByRole('option', { name: 'Fremont, CA', exact: true }).click();
    await page.getByTestId('location-manual').waitFor();
    assert.equal(await page.getByLabel('City').inputValue(), 'Fremont');
    assert.equal(await page.getByLabel('State').inputValue(), 'CA');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Street address is required.').waitFor();
    await page.getByText('Zip code is required.').waitFor();
    await expectAccessible(page, 'wizard: manual address');
    await page.getByLabel('Street address').fill('4100 Listing Test Way');
    await page.getByLabel('Zip code').fill('94538');
    await page.getByRole('button', { name: 'Continue' }).click();
    // 3. The pin: the arrow keys move it.
    await page.getByTestId('location-map').waitFor();
    const pin = page.getByTestId('map-pin');
    await pin.waitFor({ timeout: 30_000 });
    const before = Number(await pin.getAttribute('data-lat'));
    await pin.focus();
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction((lat) => Number(document.querySelector('[data-testid="map-pin"]')?.getAttribute('data-lat')) > lat, before);
    await shot(page, 'location-map');
    await expectAccessible(page, 'wizard: map pin');
    await page.getByRole('button', { name: 'Confirm location' }).click();
    // 4. The full address, then saved.
    await page.getByTestId('location-review').waitFor();
    assert.equal(await page.getByTestId('review-address').textContent(), '4100 Listing Test Way, Fremont, CA 94538');
    await expectAccessible(page, 'wizard: address review');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 2. VIN. The draft now exists: leaving and listing again offers to continue it.
    await atStep(page, 'vinDetails', 'vin-enter');
    await page.goto(`${base}/host/become-host`);
    await page.getByRole('button', { name: 'List your car' }).click();
    const existing = page.getByRole('dialog', { name: 'Existing Car Listing' });
    await existing.waitFor();
    await expectAccessible(page, 'existing listing dialog');
    await existing.getByRole('button', { name: 'Continue Listing' }).click();
    await atStep(page, 'vinDetails', 'vin-enter');
    // Back from the VIN goes to the location, which shows the saved address; Save moves on again.
    await page.getByRole('button', { name: 'Back' }).click();
    await atStep(page, 'location', 'location-review');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await atStep(page, 'vinDetails', 'vin-enter');

    const vin = rav4Vin();
    await page.getByLabel('VIN', { exact: true }).fill('2T3P1RFV');
    await page.getByRole('button', { name: 'Look up VIN' }).click();
    await page.getByText('Please enter a valid 17-digit VIN number.').waitFor();
    await expectAccessible(page, 'wizard: VIN');
    await page.getByLabel('VIN', { exact: true }).fill(`  ${vin} `);
    await page.getByRole('button', { name: 'Look up VIN' }).click();
    const confirm = page.getByRole('dialog', { name: 'Is this your car?' });
    await confirm.waitFor();
    const decoded = await confirm.textContent();
    assert.ok(/2021/.test(decoded) && /Toyota/.test(decoded) && /RAV4/.test(decoded), decoded);
    await expectAccessible(page, 'wizard: VIN confirmation');
    await confirm.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit vehicle details' });
    await edit.waitFor();
    assert.equal(await edit.getByLabel('Year').inputValue(), '2021');
    assert.equal(await edit.getByLabel('Year').locator('option').count(), 51, 'a placeholder and 50 years');
    await edit.getByLabel('Trim').fill('');
    await edit.getByRole('button', { name: 'Save vehicle' }).click();
    await edit.getByText('Please enter a trim').waitFor();
    await expectAccessible(page, 'wizard: vehicle edit');
    await edit.getByLabel('Trim').fill('XLE Premium');
    await edit.getByRole('button', { name: 'Save vehicle' }).click();
    await confirm.waitFor();
    assert.match(await confirm.textContent(), /XLE Premium/);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('vin-details').waitFor();
    assert.equal(await page.getByLabel('Automatic').isChecked(), true, 'Automatic by default');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please select an odometer reading').waitFor();
    await page.getByText('You must agree to the terms of service before continuing').waitFor();
    await expectAccessible(page, 'wizard: odometer and transmission');
    await page.getByLabel('Odometer', { exact: true }).selectOption('0-50k miles');
    await page.getByLabel('I agree to the terms of service').check();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 3. Availability: the defaults; the weekend box only with a one-day minimum.
    await atStep(page, 'availability', 'availability');
    assert.equal(await page.getByLabel('Advance notice').inputValue(), '3');
    assert.equal(await page.getByLabel('Minimum trip duration').inputValue(), '1');
    assert.equal(await page.getByLabel('Maximum trip duration').inputValue(), '1000');
    const weekend = page.getByLabel(/two days for trips starting on a Friday/);
    await weekend.waitFor();
    await page.getByLabel('Minimum trip duration').selectOption('2');
    await weekend.waitFor({ state: 'detached' });
    await page.getByLabel('Minimum trip duration').selectOption('1');
    await expectAccessible(page, 'wizard: availability');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 4. Features: the decoded vehicle's list; the plate upper case; special feature required.
    await atStep(page, 'features', 'features');
    await page.getByLabel('Backup camera').waitFor();
    assert.equal(await page.getByLabel('Backup camera').isChecked(), true, 'a 2021 car likely has a backup camera');
    assert.equal(await page.getByLabel('License plate state').inputValue(), 'CA');
    assert.equal(await page.getByLabel('Seats', { exact: true }).inputValue(), '4');
    assert.equal(await page.getByLabel('Gas', { exact: true }).isChecked(), true);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('License plate number is required.').waitFor();
    await page.getByText('Special feature is required.').waitFor();
    await expectAccessible(page, 'wizard: features');
    await page.getByLabel('License plate number').fill('8abc123');
    assert.equal(await page.getByLabel('License plate number').inputValue(), '8ABC123');
    await page.getByLabel('Special feature').selectOption('All-wheel drive');
    await page.getByLabel('Seats', { exact: true }).selectOption('5');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 5. Description: too short, then written by the AI button.
    await atStep(page, 'description', 'description');
    await page.getByLabel('Description', { exact: true }).fill('A clean car.');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Description must be at least 60 words.').waitFor();
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    await page.waitForFunction((n) => (document.querySelector('#car-description')?.value.trim().split(/\s+/).length ?? 0) >= n, DESCRIPTION_WORDS);
    assert.match(await page.getByTestId('word-count').textContent(), /^\d+ words/);
    await expectAccessible(page, 'wizard: description');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 6. Price: digits only; under $50 warns first.
    await atStep(page, 'dailyPrice', 'daily-price');
    assert.equal(await page.getByLabel('Daily price (USD)').inputValue(), '50');
    await page.getByLabel('Daily price (USD)').fill('0');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please enter a valid daily price greater than 0.').waitFor();
    await page.getByLabel('Daily price (USD)').fill('4x5');
    assert.equal(await page.getByLabel('Daily price (USD)').inputValue(), '45');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const warning = page.getByRole('dialog', { name: 'Long-term rentals only' });
    await warning.waitFor();
    await expectAccessible(page, 'wizard: low price warning');
    await warning.getByRole('button', { name: 'Change price' }).click();
    await page.getByLabel('Daily price (USD)').fill('85');
    await expectAccessible(page, 'wizard: price');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 7. Photos: examples, then real uploads with progress; a small image is refused by name.
    await atStep(page, 'photos', 'photos-intro');
    await expectAccessible(page, 'wizard: photo examples');
    await page.getByRole('button', { name: 'Save and continue' }).count().then((n) => assert.equal(n, 0));
    await page.getByRole('button', { name: 'Add Photos' }).click();
    await page.getByTestId('photos-upload').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please upload photos before submitting.').waitFor();
    await page.getByTestId('photo-input').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png(400) },
      { name: 'side.png', mimeType: 'image/png', buffer: png(480) },
      { name: 'tiny.png', mimeType: 'image/png', buffer: png(200) },
    ]);
    await page.getByText('Resolution error for tiny.png').waitFor();
    await page.waitForFunction(() => {
      const items = [...document.querySelectorAll('[data-testid="photo-item"]')];
      return items.length === 2 && items.every((i) => i.getAttribute('data-url'));
    }, undefined, { timeout: 30_000 });
    // The second becomes the main photo.
    await page.getByRole('button', { name: 'Move side.jpg left' }).click();
    const order = await page.getByTestId('photo-item').evaluateAll((els) => els.map((e) => e.querySelector('img').getAttribute('alt')));
    assert.deepEqual(order, ['Photo 1: side.jpg', 'Photo 2: front.jpg']);
    await page.getByText('Main photo').waitFor();
    // An iPhone photo: HEIC, untyped, converted in the browser (its decoder loads only now).
    await page.getByTestId('photo-input').setInputFiles([{ name: 'IMG_0001.HEIC', mimeType: '', buffer: HEIC }]);
    await page.waitForFunction(() => {
      const items = [...document.querySelectorAll('[data-testid="photo-item"]')];
      return items.length === 3 && items.every((i) => i.getAttribute('data-url'));
    }, undefined, { timeout: 60_000 });
    assert.equal(await page.getByTestId('photo-item').nth(2).locator('img').getAttribute('alt'), 'Photo 3: IMG_0001.jpg');
    await shot(page, 'photos');
    await expectAccessible(page, 'wizard: photo upload');
    const urls = await page.getByTestId('photo-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-url')));
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 8. Review and submit.
    await atStep(page, 'finalize', 'finalize');
    assert.equal(await page.getByTestId('review-location').textContent(), '4100 Listing Test Way, Fremont, CA 94538');
    assert.match(await page.getByTestId('review-vehicle').textContent(), /2021 Toyota RAV4 XLE Premium/);
    assert.equal(await page.getByTestId('review-price').textContent(), '$85 / day');
    await expectAccessible(page, 'wizard: review');
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await page.getByText('Please agree to the terms of service.').waitFor();
    await page.getByLabel('I agree to the terms of service').check();
    await page.getByRole('button', { name: 'Submit listing' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank you for submitting your listing!' });
    await thanks.waitFor();
    await thanks.getByText('Your car listing is under review and will be approved soon.').waitFor();
    await shot(page, 'submitted');
    await page.waitForURL((u) => /^\/host\/car\/[^/]+\/edit-pricing$/.test(u.pathname), { timeout: 10_000 });
    const carId = new URL(page.url()).pathname.split('/')[3];

    // The server has the listing as entered, under review.
    const [ls, listing] = await call(base, 'GET', `/v1/host/carListing/car/${carId}`, undefined, signUp.access_token);
    assert.equal(ls, 200, JSON.stringify(listing));
    const l = listing.carListing;
    assert.equal(l.status, 'pending');
    assert.equal(l.vin, vin);
    assert.equal(l.licensePlate, '8ABC123');
    assert.equal(l.seats, 5);
    assert.equal(l.dailyPrice, 85);
    assert.deepEqual(l.photoUrls, urls);
    assert.equal(l.primaryPhotoUrl, urls[0]);
    const [lng, lat] = l.location.coordinates;
    await page.context().close();

    // Support approves it; a guest searching around its place finds it (search follows by event).
    const [as, admin] = await call(base, 'POST', '/v1/users/login', { email: 'admin@demo.local', password: 'DemoAdmin123!' });
    assert.equal(as, 200, JSON.stringify(admin));
    const [aps, approved] = await call(base, 'POST', `/v1/admin/cars/${carId}/approve`, {}, admin.access_token);
    assert.equal(aps, 200, JSON.stringify(approved));
    const guest = await newPage(browser, DESKTOP, { timezoneId: 'America/Los_Angeles' });
    const url = `${base}/search?latitude=${lat}&longitude=${lng}&address=Fremont%2C+CA&fromDate=${ymd(3)}&fromTime=10%3A00+AM&untilDate=${ymd(5)}&untilTime=10%3A00+AM&sortBy=distance`;
    const card = guest.locator(`a[data-testid="result-link"][href^="/car/${carId}"]`).first();
    let found = false;
    for (let i = 0; i < 10 && !found; i++) {
      await guest.goto(url);
      await guest.getByTestId('result-link').first().waitFor();
      found = (await card.count()) > 0;
      if (!found) await guest.waitForTimeout(1000);
    }
    assert.ok(found, `the approved car ${carId} shows in a search around its place`);
    assert.match(await card.textContent(), /Toyota RAV4/);
    await shot(guest, 'guest-search');
    await guest.context().close();
  },
};
