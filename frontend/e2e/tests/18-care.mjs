import { apiLogin, assert, bringTripForward, CAR_TIME_ZONE as TZ, call, DESKTOP, expectAccessible, newPage, PHONE, png, signedInPage, Skip, slotThere, unavailable, verifiedGuest } from '../helpers.mjs';

const HOST = { email: 'host@demo.local', password: 'DemoHost123!' };

/** A demo host's car that books at once (demo car 2 of host@demo.local), in Fremont. */
const CAR = '01940000-0000-7000-8000-000000000002';
/**
 * Books the car as soon as it allows: first starting in about 20 minutes (check-in open), then
 * later half hours as the car's advance notice asks. Answers the trip and whether check-in is open.
 */
async function bookSoon(base, token) {
  for (const minutes of [20, 35, 65, 95, 125, 155, 185, 215, 245]) {
    const from = slotThere(Date.now() + minutes * 60_000);
    const until = slotThere(from.at.getTime() + 86_400_000);
    const [s, b] = await call(base, 'POST', '/v1/trips/createTrip', {
      carId: CAR, newStartDate: from.date, newStartTime: from.time, newEndDate: until.date, newEndTime: until.time,
      age: 34, extras: [], protectionPlanType: 'Standard', message: 'browser test: trip care',
    }, token, { 'idempotency-key': `e2e-care-${Date.now()}-${minutes}` });
    if (s === 201) return { trip: b.data, checkInOpen: Date.parse(b.data.startTime) - Date.now() <= 30 * 60_000 };
    assert.ok([400, 409].includes(s), JSON.stringify(b));
  }
  throw new Error('no start within four hours for the demo car');
}

/** A photo uploaded by `token` through the upload links; answers its stored URL. */
async function uploadedPhoto(base, token, size) {
  const [s, b] = await call(base, 'POST', '/v1/image/generatePresignedUrlsForUpload', { files: [{ fileName: `photo-${size}.png`, fileType: 'image/png' }] }, token);
  assert.equal(s, 200, JSON.stringify(b));
  const put = await fetch(b.urls[0].presignedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png(size) });
  assert.equal(put.status, 200, 'photo upload');
  return b.urls[0].s3Url;
}

/** The page scrolls sideways: something is wider than the window. */
async function scrollsSideways(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

export const tests = {
  async 'a guest checks in with exterior and interior photos (or sees when check-in opens), reports an issue with photos, and reads the rental agreement'({ browser, base, shot }) {
    const down = await unavailable(base, 'GET', '/v1/trips/getCheckInAndCheckoutPhotos/00000000-0000-0000-0000-000000000000');
    if (down) throw new Skip(down);
    const guest = await verifiedGuest(base);
    const { trip, checkInOpen } = await bookSoon(base, guest.token);
    const tripId = trip.tripId;
    const q = `?tripId=${encodeURIComponent(tripId)}`;
    let checkedIn = false;
    try {
      const page = await signedInPage(browser, base, guest);

      // Check-in: two photo groups and the 30-minute rule.
      await page.goto(`${base}/trip/check-in${q}`);
      await page.getByRole('heading', { level: 1, name: 'Check in' }).waitFor();
      await page.getByRole('heading', { name: trip.carName }).waitFor();
      assert.equal(await page.title(), 'Check in | Upcar');
      const opens = new Date(Date.parse(trip.startTime) - 30 * 60_000).toLocaleString('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit' });
      assert.ok((await page.getByTestId('check-in-opens').textContent()).replace(/\s/g, ' ').includes(opens.replace(/\s/g, ' ')), `check-in opens at ${opens}`);
      if (!checkInOpen) {
        // Too early: the page says when, the button waits, and the server agrees.
        assert.match(await page.getByTestId('check-in-opens').textContent(), /^Check-in opens /);
        assert.ok(await page.getByRole('button', { name: 'Check in' }).isDisabled(), 'check-in disabled until it opens');
        const [s, b] = await call(base, 'POST', `/v1/trips/checkIn/${tripId}`, { role: 'guest', photoUrls: ['http://example.com/x.jpg'], type: 'exterior' }, guest.token);
        assert.ok(s >= 400, JSON.stringify(b));
        await shot(page, 'check-in-not-open');
        // Check-out waits for the check-in.
        await page.goto(`${base}/trip/check-out${q}`);
        await page.getByTestId('status-note').filter({ hasText: 'Check out after you check in.' }).waitFor();
        assert.ok(await page.getByRole('button', { name: 'Check out' }).isDisabled(), 'check-out disabled before check-in');
        await expectAccessible(page, 'check-out');
        await page.goto(`${base}/trip/check-in${q}`);
        await page.getByTestId('check-in-opens').waitFor();
        // Time passes: the trip now starts in 20 minutes, and check-in is open.
        assert.equal(bringTripForward(tripId, Date.parse(trip.startTime) - Date.now() - 20 * 60_000), 1);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Check in' }).waitFor();
      }
      // Check-in open: both photo groups, and the trip is under way.
      assert.ok(await page.getByRole('button', { name: 'Check in' }).isEnabled(), 'check-in open 20 minutes before the start');
      await page.getByLabel('Exterior photos').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(400) });
      await page.getByLabel('Interior photos').setInputFiles({ name: 'dash.png', mimeType: 'image/png', buffer: png(401) });
      await shot(page, 'check-in-chosen');
      await page.getByRole('button', { name: 'Check in' }).click();
      await page.getByTestId('handover-done').waitFor({ timeout: 30_000 });
      checkedIn = true;
      await page.getByTestId('recorded-exterior').getByRole('img').first().waitFor();
      await page.getByTestId('recorded-interior').getByRole('img').first().waitFor();
      await shot(page, 'checked-in');
      const [s, photos] = await call(base, 'GET', `/v1/trips/getCheckInAndCheckoutPhotos/${tripId}`, undefined, guest.token);
      assert.equal(s, 200, JSON.stringify(photos));
      assert.deepEqual(photos.data.checkIn.photos.map((p) => p.type).sort(), ['exterior', 'interior']);
      assert.ok(photos.data.checkIn.photos.every((p) => p.uploadedBy === 'guest' && /^[0-9a-f]{64}$/.test(p.sha256)), JSON.stringify(photos.data.checkIn.photos));
      const [, after] = await call(base, 'GET', `/v1/trips/getTrip/${tripId}`, undefined, guest.token);
      assert.equal(after.data.status, 'in_progress');
      await expectAccessible(page, 'check-in');

      // Report an issue, then its photos through the photo attach screen.
      await page.goto(`${base}/trip/report-issue${q}`);
      await page.getByRole('radio', { name: /Damage/ }).check();
      await page.getByLabel('Description').fill('Scratch on the rear bumper, there at pickup');
      await expectAccessible(page, 'report an issue');
      await page.getByRole('button', { name: 'Report issue' }).click();
      await page.getByTestId('issue-reported').waitFor();
      await page.getByRole('link', { name: 'Add photos' }).click();
      await page.getByRole('heading', { level: 1, name: 'Photos' }).waitFor();
      await page.getByRole('button', { name: 'Attach Photos' }).waitFor();
      if (!checkedIn) await page.getByText('No Photos Found').waitFor();
      await shot(page, 'photos-gallery');
      await expectAccessible(page, 'photo attach screen, gallery');
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('heading', { level: 1, name: 'New Photos' }).waitFor();
      await page.getByText('Nothing selected yet').waitFor();
      await page.getByLabel('Choose photos').setInputFiles([
        { name: 'bumper-1.png', mimeType: 'image/png', buffer: png(400) },
        { name: 'bumper-2.png', mimeType: 'image/png', buffer: png(401) },
      ]);
      await page.getByText('2 photos selected').waitFor();
      await expectAccessible(page, 'photo attach screen, new photos');
      await page.getByRole('button', { name: 'Attach Photos' }).click();
      // Back one page: the report.
      await page.waitForURL((u) => u.pathname === '/trip/report-issue', { timeout: 30_000 });
      const [cs, charges] = await call(base, 'GET', `/v1/trips/getTripIssueCharges/${tripId}`, undefined, guest.token);
      assert.equal(cs, 200, JSON.stringify(charges));
      const report = charges.reports.find((r) => r.type === 'damage');
      assert.ok(report, JSON.stringify(charges.reports));
      assert.equal(report.photoUrls.length, 2, JSON.stringify(report));

      // The summary card in report-issue mode.
      await page.goto(`${base}/trip/summary${q}&kind=report-issue&category=damage`);
      await page.getByRole('region', { name: 'Trip summary card' }).getByRole('heading', { name: trip.carName }).waitFor();
      await page.getByText(`Renter: ${trip.renterName}`).waitFor();
      await page.getByTestId('invoice-total').waitFor();
      await expectAccessible(page, 'trip summary');

      // Incidentals: none on this trip yet.
      await page.goto(`${base}/trip/incidentals${q}`);
      await page.getByTestId('no-incidentals').waitFor();
      assert.equal(await page.getByTestId('price-to-pay').textContent(), '$0.00');
      await expectAccessible(page, 'incidentals');

      // The rental agreement, signed in.
      await page.goto(`${base}/rental-agreement${q}`);
      await page.getByTestId('agreement-reservation').filter({ hasText: trip.reservationNumber }).waitFor();
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      assert.deepEqual(headings, [
        '1. Parties', '2. Rental information', '3. Responsibilities and liability', '3. Vehicle condition', '4. Protection plan',
        "5. Renter's financial responsibility", '6. Vehicle return and late fees', 'Agreement',
      ]);
      assert.equal(await page.getByRole('link', { name: 'terms of service' }).getAttribute('href'), '/terms/conditions');
      await page.getByRole('button', { name: 'Print' }).waitFor();
      await shot(page, 'agreement');
      await expectAccessible(page, 'rental agreement');

      // Check out too when checked in: the trip ends and frees the car.
      if (checkedIn) {
        await page.goto(`${base}/trip/check-out${q}`);
        await page.getByLabel('Exterior photos').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png(402) });
        await page.getByRole('button', { name: 'Check out' }).click();
        await page.getByTestId('handover-done').waitFor({ timeout: 30_000 });
        await expectAccessible(page, 'check-out');
        const [, done] = await call(base, 'GET', `/v1/trips/getTrip/${tripId}`, undefined, guest.token);
        assert.equal(done.data.status, 'completed');
      }
      await page.context().close();

      // Someone sent the agreement link opens it signed out, with its token.
      const [as, ag] = await call(base, 'GET', `/v1/trips/getRentalAgreement/${tripId}`, undefined, guest.token);
      assert.equal(as, 200, JSON.stringify(ag));
      const anon = await newPage(browser, DESKTOP);
      const link = new URL(ag.data.agreementUrl, base);
      assert.ok(link.searchParams.get('token'), ag.data.agreementUrl);
      await anon.goto(`${base}${link.pathname}${link.search}`);
      await anon.getByTestId('agreement-reservation').filter({ hasText: trip.reservationNumber }).waitFor();
      // Signed out, a trip page asks to log in.
      await anon.goto(`${base}/trip/check-in${q}`);
      await anon.getByText('Log in to see this trip.').waitFor();
      await expectAccessible(anon, 'check-in, signed out');
      // Without a token: the login page.
      await anon.goto(`${base}/rental-agreement${q}`);
      await anon.waitForURL((u) => u.pathname === '/login-static');
      await anon.context().close();
    } finally {
      if (!checkedIn) await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.token, { 'idempotency-key': `e2e-cancel-${tripId}` });
    }
  },

  async 'a host charges incidentals on a trip under way (tolls with the amount paid, cleaning), is refused a second cleaning, removes the tolls; the guest is asked for what is left'({ browser, base, shot }) {
    const down = await unavailable(base, 'GET', '/v1/trips/getIncidentalOptions/00000000-0000-0000-0000-000000000000');
    if (down) throw new Skip(down);
    const guest = await verifiedGuest(base, { label: 'incidentals', firstName: 'Ira', lastName: 'Incidental' });
    const { trip, checkInOpen } = await bookSoon(base, guest.token);
    const tripId = trip.tripId;
    const q = `?tripId=${encodeURIComponent(tripId)}`;
    let checkedIn = false;
    try {
      // The guest has the car: checked in (photos through the upload links), the trip under way.
      if (!checkInOpen) assert.equal(bringTripForward(tripId, Date.parse(trip.startTime) - Date.now() - 20 * 60_000), 1);
      for (const [type, size] of [['exterior', 410], ['interior', 411]]) {
        const [s, b] = await call(base, 'POST', `/v1/trips/checkIn/${tripId}`, { role: 'guest', photoUrls: [await uploadedPhoto(base, guest.token, size)], type }, guest.token);
        assert.equal(s, 200, JSON.stringify(b));
      }
      checkedIn = true;

      // The host opens the trip from the host view and goes to its incidentals.
      const host = await apiLogin(base, HOST);
      const page = await signedInPage(browser, base, { token: host.access_token, user: host.user });
      await page.evaluate(() => localStorage.setItem('isHostView', 'true'));
      await page.goto(`${base}/bookings${q}`);
      await page.getByTestId('action-host-incidentals').click();
      await page.waitForURL((u) => u.pathname === '/trip/incidentals' && u.searchParams.get('tripId') === tripId);
      const form = page.getByRole('region', { name: 'Add incidentals' });
      await form.waitFor();
      await page.getByTestId('no-incidentals').waitFor();
      // The kinds come from the server (fuel, tolls, cleaning, ...), each with its price on this trip.
      await form.getByTestId('option-fuel').waitFor();
      assert.match(await form.getByTestId('option-cleaning').textContent(), /Cleaning · \$154\.50/);
      assert.match(await form.getByTestId('option-tolls').textContent(), /up to \$2,500\.00/);
      await expectAccessible(page, "the host's incidentals");

      // Tolls with the amount paid and a note, and the cleaning fee: one call, both pending.
      const note = `Bay Bridge, twice (${Date.now()})`;
      await form.getByRole('checkbox', { name: /^Tolls/ }).check();
      await form.getByLabel('Amount paid for tolls ($)').fill('12.50');
      await form.getByLabel('Note for the guest about tolls (optional)').fill(note);
      await form.getByRole('checkbox', { name: /^Cleaning/ }).check();
      await expectAccessible(page, "the host's incidentals, two chosen");
      await shot(page, 'host-incidentals-chosen');
      await form.getByRole('button', { name: 'Add 2 incidentals' }).click();
      await page.getByTestId('add-done').waitFor();
      const cards = page.getByTestId('incidental');
      await cards.nth(1).waitFor();
      assert.equal(await cards.count(), 2);
      assert.equal(await page.getByTestId('pending-total').textContent(), '$167.00');
      await page.getByTestId('incidental').filter({ hasText: note }).waitFor();
      const [ls, listed] = await call(base, 'GET', `/v1/trips/getIncidentals/${tripId}?role=host`, undefined, host.access_token);
      assert.equal(ls, 200, JSON.stringify(listed));
      assert.deepEqual(listed.data.incidentals.map((i) => [i.type, i.status, i.total]).sort(), [['cleaning', 'pending', 154.5], ['tolls', 'pending', 12.5]]);
      assert.equal(listed.data.incidentals.find((i) => i.type === 'tolls').description, note);

      // A second cleaning is refused by the server: the spec's text with the server's reason.
      await form.getByRole('checkbox', { name: /^Cleaning/ }).check();
      await form.getByRole('button', { name: 'Add incidental' }).click();
      const refused = page.getByTestId('add-error');
      await refused.waitFor();
      assert.match(await refused.textContent(), /^Failed to add Incidentals./);
      assert.ok((await refused.textContent()).length > 'Failed to add Incidentals'.length, 'the server says why');
      assert.equal(await cards.count(), 2, 'nothing added');

      // Remove the tolls, asked first.
      await page.getByRole('checkbox', { name: 'Select Tolls to remove' }).check();
      await page.getByRole('button', { name: 'Remove selected (1)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove incidentals?' });
      await dialog.getByText('Tolls: $12.50').waitFor();
      await expectAccessible(page, 'remove incidentals dialog');
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await page.getByTestId('remove-done').waitFor();
      await page.locator('[data-testid="incidental"][data-status="removed"]').filter({ hasText: 'Tolls' }).waitFor();
      assert.equal(await page.getByTestId('pending-total').textContent(), '$154.50');
      await shot(page, 'host-incidentals-removed');

      // On a phone the page fits the width, the form open.
      await page.setViewportSize(PHONE);
      await form.getByRole('checkbox', { name: /^Fuel/ }).check();
      await form.getByLabel('Amount paid for fuel ($)').waitFor();
      assert.equal(await scrollsSideways(page), false, 'no sideways scroll at 390 px');
      await shot(page, 'host-incidentals-phone');
      await page.context().close();

      // The guest is asked to pay what is left: the cleaning.
      const guestPage = await signedInPage(browser, base, guest);
      await guestPage.goto(`${base}/trip/incidentals${q}`);
      await guestPage.getByTestId('price-to-pay').filter({ hasText: '$154.50' }).waitFor();
      assert.equal(await guestPage.locator('[data-testid="incidental"][data-status="pending"]').count(), 1);
      await guestPage.context().close();
    } finally {
      if (checkedIn) {
        const [s, b] = await call(base, 'POST', `/v1/trips/checkout/${tripId}`, { role: 'guest', photoUrls: [await uploadedPhoto(base, guest.token, 412)], type: 'exterior' }, guest.token);
        assert.equal(s, 200, JSON.stringify(b));
      } else {
        await call(base, 'POST', '/v1/trips/cancelTrip', { tripId, cancelReason: 'browser test' }, guest.token, { 'idempotency-key': `e2e-cancel-${tripId}` });
      }
    }
  },
};
