import { assert, bringTripForward, CAR_TIME_ZONE as TZ, call, DESKTOP, expectAccessible, newPage, png, signedInPage, Skip, slotThere, unavailable, verifiedGuest } from '../helpers.mjs';

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
};
