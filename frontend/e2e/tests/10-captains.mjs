import { assert, call, DESKTOP, expectAccessible, newPage, PHONE, png, Skip, unavailable } from '../helpers.mjs';

const TZ = 'America/Los_Angeles';
const CAPTAIN = { email: 'captain@demo.local', password: 'DemoCaptain123!' };

/** A day at the demo cars' place (Fremont), `days` from today there. */
function dayThere(days = 0) {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** The first day from today with a delivery not started yet (today on a fresh stack), and that task. */
async function deliveryToStart(base, token) {
  for (let d = 0; d <= 7; d++) {
    const date = dayThere(d);
    const [s, r] = await call(base, 'GET', `/v1/tasks?date=${date}`, undefined, token);
    assert.equal(s, 200, JSON.stringify(r));
    const task = r.data.find((t) => t.taskType === 'delivery_to_guest' && t.status === 'scheduled' && t.nextStep === 'picked_up_from_host');
    if (task) return { date, count: r.count, task };
  }
  return null;
}

export const tests = {
  async "the demo captain logs in, sees the day's tasks, opens a delivery and records its first step; the guest sees the captain on the way"({ browser, base, shot }) {
    const [ls, login] = await call(base, 'POST', '/v1/captains/login', CAPTAIN);
    if (ls === 404 && login.error === 'route_not_found') throw new Skip('POST /v1/captains/login answers 404 route_not_found');
    assert.equal(ls, 200, JSON.stringify(login));
    const down = await unavailable(base, 'GET', `/v1/tasks?date=${dayThere()}`, login.access_token);
    if (down) throw new Skip(down);
    const found = await deliveryToStart(base, login.access_token);
    assert.ok(found, 'a delivery not started yet among the demo captain\'s next 8 days');
    const { date, task } = found;

    // The captain's phone: in Fremont's time zone, sharing its position.
    const page = await newPage(browser, PHONE, { timezoneId: TZ, geolocation: { latitude: 37.5485, longitude: -121.9886 }, permissions: ['geolocation'] });
    await page.goto(`${base}/captains/dashboard`);
    // No captain session yet: the login page.
    await page.getByRole('heading', { name: 'Captain login' }).waitFor();
    await page.getByLabel('Email').fill(CAPTAIN.email);
    await page.getByLabel('Password').fill(CAPTAIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Your deliveries' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/captains/dashboard');
    assert.ok(await page.evaluate(() => Boolean(localStorage.getItem('captainToken'))), 'captainToken stored');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null, 'no guest token');

    // Today: the demo data gives a delivery and a return every day.
    const [, today] = await call(base, 'GET', `/v1/tasks?date=${dayThere()}`, undefined, login.access_token);
    await page.getByTestId('task-count').waitFor();
    assert.match(await page.getByTestId('task-count').textContent(), new RegExp(`^${today.count} tasks? on `));
    assert.ok(today.data.some((t) => t.taskType === 'delivery_to_guest') && today.data.some((t) => t.taskType === 'return_to_host'), JSON.stringify(today.data.map((t) => t.taskType)));
    assert.equal(await page.getByTestId('task-card').count(), today.count);
    await shot(page, 'dashboard');
    await expectAccessible(page, 'captain dashboard');

    // The date picker replaces the URL (a later day when today's delivery is already under way).
    if (date !== dayThere()) {
      await page.getByLabel('Date').fill(date);
      await page.waitForURL((u) => u.searchParams.get('date') === date);
      await page.getByTestId('task-count').waitFor();
    }

    await page.locator(`a[href="/captains/${task.taskId}?date=${date}"]`).click();
    await page.waitForURL((u) => u.pathname === `/captains/${task.taskId}`);
    await page.getByRole('button', { name: 'Mark as picked up from host' }).waitFor();
    await page.getByTestId('step-photo-files').setInputFiles({ name: 'pickup.png', mimeType: 'image/png', buffer: png(96) });
    await page.getByRole('list', { name: 'Photos to send' }).waitFor();
    await shot(page, 'task-before');
    await expectAccessible(page, 'captain task');
    await page.getByRole('button', { name: 'Mark as picked up from host' }).click();
    await page.getByTestId('step-picked_up_from_host-at').waitFor();
    await page.getByRole('button', { name: 'Mark as delivered to guest' }).waitFor();
    assert.match(await page.getByTestId('step-picked_up_from_host-at').textContent(), /1 photo$/);
    await shot(page, 'task-after');

    // The server has the step with the phone's position and the photo.
    const [ts, after] = await call(base, 'GET', `/v1/captains/tasks/${task.taskId}`, undefined, login.access_token);
    assert.equal(ts, 200);
    const step = after.data.steps.find((s) => s.step === 'picked_up_from_host');
    assert.ok(step, JSON.stringify(after.data.steps));
    assert.ok(Math.abs(step.latitude - 37.5485) < 1e-3 && Math.abs(step.longitude + 121.9886) < 1e-3, JSON.stringify(step));
    assert.equal(step.photoUrls.length, 1);

    // Recording the same step again is refused, and the page shows the server's message.
    const [again, refusal] = await call(base, 'POST', `/v1/captains/tasks/update/${task.taskId}`, { step: 'picked_up_from_host' }, login.access_token);
    assert.equal(again, 409, JSON.stringify(refusal));
    await page.context().close();

    // The rider's trip page: the delivery is on its way, with the captain's first name and an ETA.
    const rider = await newPage(browser, DESKTOP, { timezoneId: TZ });
    const [rs, r] = await call(base, 'POST', '/v1/users/login', { email: 'rider@demo.local', password: 'DemoRider123!' });
    assert.equal(rs, 200, JSON.stringify(r));
    await rider.goto(`${base}/404`);
    await rider.evaluate(([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
    }, [r.access_token, r.user]);
    await rider.goto(`${base}/bookings?tripId=${task.tripId}`);
    const delivery = rider.getByTestId('delivery-delivery_to_guest');
    await delivery.waitFor();
    assert.equal(await delivery.getByTestId('delivery-status').textContent(), 'On the way');
    assert.match(await delivery.getByTestId('delivery-step').textContent(), /Picked up from the host/);
    await delivery.getByTestId('delivery-eta').waitFor();
    await shot(rider, 'rider-trip');
    await expectAccessible(rider, 'trip page with a delivery');
    await rider.context().close();
  },

  async 'a refused captain token clears the captain session and returns to the captain login'({ browser, base }) {
    const page = await newPage(browser, DESKTOP, { timezoneId: TZ });
    await page.goto(`${base}/404`);
    await page.evaluate(() => {
      localStorage.setItem('captainToken', 'not-a-token');
      localStorage.setItem('captainUser', JSON.stringify({ firstName: 'Old' }));
    });
    await page.goto(`${base}/captains/dashboard`);
    await page.getByRole('heading', { name: 'Captain login' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('captainToken')), null);
    await page.context().close();
  },
};
