import { assert, call, DESKTOP, expectAccessible, login, newPage, PHONE, Skip, unavailable } from '../helpers.mjs';

/** A new member of our own (the demo accounts are shared). */
async function newMember(base, tag) {
  const email = `web-e2e-pages-${tag}-${Date.now()}@example.com`;
  const password = 'PagesTester123!';
  const [s, r] = await call(base, 'POST', '/v1/users/sign-up', { firstName: 'Robin', lastName: 'Pages', email, password, signUpCode: 'DEMO-INVITE', termsAccepted: true });
  assert.equal(s, 201, JSON.stringify(r));
  return { email, password, token: r.access_token, user: r.user };
}

async function adminToken(base) {
  const [s, r] = await call(base, 'POST', '/v1/users/login', { email: 'admin@demo.local', password: 'DemoAdmin123!' });
  assert.equal(s, 200, JSON.stringify(r));
  return r.access_token;
}

/** The ticket with that title, as support sees it (newest first). */
async function ticketTitled(base, title) {
  const token = await adminToken(base);
  for (let i = 0; i < 20; i++) {
    const [s, r] = await call(base, 'GET', '/v1/admin/tasks?limit=100', undefined, token);
    assert.equal(s, 200, JSON.stringify(r));
    const t = r.data.find((x) => x.title === title);
    if (t) return t;
    await new Promise((res) => setTimeout(res, 200));
  }
  return null;
}

async function outboxCode(base, to, since) {
  for (let i = 0; i < 30; i++) {
    const r = await (await fetch(`${base}/v1/dev/outbox?to=${encodeURIComponent(to)}`)).json();
    const code = r.data?.find((m) => m.code && m.createdAt >= since)?.code;
    if (code) return code;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no code in the outbox for ${to}`);
}

const PAGES = [
  { path: '/terms/conditions', h1: 'Terms and conditions', title: 'Terms and conditions | Upcar' },
  { path: '/terms/cancellation', h1: 'Cancellation policy', title: 'Cancellation policy | Upcar' },
  { path: '/terms/owner/protectionplans', h1: 'Protection plans', title: 'Protection plans | Upcar' },
  { path: '/aboutus', h1: 'About Upcar', title: 'About us | Upcar' },
  { path: '/giveaway', h1: 'Win with every trip', title: 'Giveaway | Upcar' },
  { path: '/reset-password', h1: 'Reset your password', title: 'Reset password | Upcar' },
  { path: '/help', h1: 'Contact Us', title: 'Help and contact | Upcar' },
];

export const tests = {
  async 'every informational page loads with its title and content, no "Coming soon", and no serious axe violation'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    for (const p of PAGES) {
      await page.goto(`${base}${p.path}`);
      await page.getByRole('heading', { level: 1, name: p.h1 }).waitFor();
      assert.equal(await page.title(), p.title, p.path);
      assert.equal(await page.getByText('Coming soon').count(), 0, `${p.path} says Coming soon`);
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1, `${p.path}: one h1`);
      await shot(page, p.path.slice(1).replaceAll('/', '-'));
      await expectAccessible(page, p.path);
    }

    // The terms: eighteen numbered anchors, each pointing at a section that exists.
    await page.goto(`${base}/terms/conditions`);
    const toc = page.getByRole('navigation', { name: 'Contents' });
    await toc.waitFor();
    const hrefs = await toc.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.equal(hrefs.length, 18);
    assert.equal(hrefs[0], '#definitions');
    assert.equal(hrefs[17], '#governing-law');
    for (const h of hrefs) assert.equal(await page.locator(h).count(), 1, `section ${h}`);

    // The cancellation policy's tiers.
    await page.goto(`${base}/terms/cancellation`);
    await page.getByTestId('guest-tiers').waitFor();
    const rows = await page.getByTestId('guest-tiers').locator('tbody tr').allTextContents();
    assert.deepEqual(rows, [
      'Within 1 hour of bookingFull refundNothing',
      'More than 24 hours before the startFull refundNothing',
      '24 hours or less before the start50% refund24% of the trip',
      'After the start, or a no-showNo refund100% of the trip',
    ]);

    // The protection plans as the server serves them.
    const [ps, plans] = await call(base, 'GET', '/v1/trips/protectionPlans');
    assert.equal(ps, 200);
    await page.goto(`${base}/terms/owner/protectionplans`);
    await page.getByTestId('plan').first().waitFor();
    assert.equal(await page.getByTestId('plan').count(), plans.data.length);
    for (const [i, plan] of plans.data.entries()) {
      const card = page.getByTestId('plan').nth(i);
      assert.ok((await card.getByRole('heading').textContent()).includes(plan.label));
      assert.equal(await card.getByTestId('plan-price').textContent(), plan.percentOfTripPrice > 0 ? `${plan.percentOfTripPrice}% of the trip price` : 'No charge');
      for (const line of plan.coverage) assert.equal(await card.getByText(line, { exact: true }).count(), 1, line);
    }

    // Help: the support hours and whether they are open now.
    await page.goto(`${base}/help`);
    await page.getByTestId('status-messaging').waitFor();
    assert.match(await page.getByTestId('status-messaging').textContent(), /^(Open now, until 8 PM|Closed now, opens .+ at 9 AM) Pacific Time$/);
    assert.match(await page.getByTestId('status-phone').textContent(), /^(Open now, until 5 PM|Closed now, opens .+ at 10 AM) Pacific Time$/);

    // About links where a visitor goes next.
    await page.goto(`${base}/aboutus`);
    await page.getByRole('heading', { level: 1, name: 'About Upcar' }).waitFor();
    for (const [name, href] of [['Find a car', '/search'], ['List your car', '/host/become-host'], ['Help and contact', '/help']]) {
      assert.equal(await page.getByRole('main').getByRole('link', { name, exact: true }).getAttribute('href'), href);
    }
    await page.context().close();
  },

  async 'a table of contents link scrolls smoothly to its section and writes the hash; a shared link lands on its section'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/terms/conditions`);
    await page.getByRole('navigation', { name: 'Contents' }).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: /Exclusion list and suspension/ }).click();
    await page.waitForURL((u) => u.hash === '#exclusion');
    // The smooth scroll ends with the heading at the top of the window (below the header).
    await page.waitForFunction(() => {
      const top = document.getElementById('exclusion').getBoundingClientRect().top;
      return top >= 0 && top < 120;
    });
    assert.ok((await page.evaluate(() => window.scrollY)) > 500, 'the page scrolled');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'exclusion', 'focus follows the jump');
    await shot(page, 'exclusion');

    // Opening a link to a section goes there.
    const other = await newPage(browser, PHONE);
    await other.goto(`${base}/terms/conditions#arbitration`);
    await other.getByRole('heading', { name: '16. Changes to these terms and arbitration' }).waitFor();
    await other.waitForFunction(() => {
      const top = document.getElementById('arbitration').getBoundingClientRect().top;
      return top >= 0 && top < 120;
    });
    await shot(other, 'arbitration-on-phone');
    await page.context().close();
    await other.context().close();
  },

  async 'an anonymous visitor files a service ticket on /help, and support finds it with the server defaults'({ browser, base, shot }) {
    const down = await unavailable(base, 'POST', '/v1/admin/tasks');
    if (down) throw new Skip(down);
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/help`);
    await page.getByRole('button', { name: 'Create a service ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a service ticket' });
    await dialog.getByRole('button', { name: 'Submit ticket' }).click();
    for (const m of ['Name is required', 'Please enter your email address', 'Title is required', 'Description is required']) await dialog.getByText(m).waitFor();
    await shot(page, 'ticket-errors');

    const title = `Web e2e ticket ${Date.now()}`;
    const email = `web-e2e-ticket-${Date.now()}@example.com`;
    await dialog.getByLabel('Name').fill('Casey Visitor');
    await dialog.getByLabel('Email').fill(email.toUpperCase());
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('The car page would not load the map on my phone.');
    await expectAccessible(page, 'ticket modal');
    await dialog.getByRole('button', { name: 'Submit ticket' }).click();
    await dialog.getByText('Service Ticket Created Successfully!').waitFor();
    await dialog.getByText('Our team will review your ticket and get back to you shortly.').waitFor();
    await shot(page, 'ticket-created');

    const t = await ticketTitled(base, title);
    assert.ok(t, 'support lists the ticket');
    assert.equal(t.name, 'Casey Visitor');
    assert.equal(t.email, email);
    assert.equal(t.description, 'The car page would not load the map on my phone.');
    assert.equal(t.priority, 'high');
    assert.equal(t.status, 'pending');
    assert.equal(t.assignedTo, 'support_team');
    assert.deepEqual(t.metadata, { createdBy: '', source: 'support_page' });

    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  },

  async 'a signed-in member files a ticket without name and email fields; the ticket carries their account'({ browser, base }) {
    const down = await unavailable(base, 'POST', '/v1/admin/tasks');
    if (down) throw new Skip(down);
    const member = await newMember(base, 'ticket');
    const page = await newPage(browser, DESKTOP);
    await login(page, base, member.email, member.password);
    await page.goto(`${base}/help`);
    await page.getByRole('button', { name: 'Create a service ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a service ticket' });
    await dialog.getByTestId('ticket-identity').waitFor();
    assert.match(await dialog.getByTestId('ticket-identity').textContent(), new RegExp(`Sent as Robin .*\\(${member.email.replace(/[.+]/g, '\\$&')}\\)`));
    assert.equal(await dialog.getByLabel('Name').count(), 0);
    assert.equal(await dialog.getByLabel('Email').count(), 0);
    const title = `Web e2e member ticket ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Please check my licence upload.');
    await dialog.getByRole('button', { name: 'Submit ticket' }).click();
    await dialog.getByText('Service Ticket Created Successfully!').waitFor();
    const t = await ticketTitled(base, title);
    assert.ok(t, 'support lists the ticket');
    assert.equal(t.email, member.email);
    assert.equal(t.metadata.createdBy, member.user.userId);
    await page.context().close();
  },

  async 'a member resets the password with an emailed code on /reset-password and can log in with the new one'({ browser, base, shot }) {
    const down = await unavailable(base, 'POST', '/v1/users/resetPasswordWithOTP');
    if (down) throw new Skip(down);
    const member = await newMember(base, 'reset');
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/reset-password`);
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    assert.equal(await page.getByRole('alert').textContent(), 'No account found with this email.');

    await page.getByLabel('Email').fill(member.email);
    const since = new Date(Date.now() - 1000).toISOString();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code').waitFor();
    assert.match(await page.getByTestId('resend').textContent(), /^Resend code in \d+ s$/);
    assert.ok(await page.getByTestId('resend').isDisabled());
    const code = await outboxCode(base, member.email, since);

    // A wrong code comes back from the password step with the server's message.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('New password', { exact: true }).fill('FreshPass123!');
    await page.getByLabel('Confirm new password').fill('FreshPass123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Invalid OTP.').waitFor();
    await shot(page, 'wrong-code');

    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('New password', { exact: true }).fill('FreshPass123!');
    await page.getByLabel('Confirm new password').fill('FreshPass123!');
    await expectAccessible(page, 'reset password, new password step');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('reset-done').waitFor();
    assert.equal(await page.getByTestId('reset-done').textContent(), 'Password updated successfully');
    assert.equal(await page.getByRole('main').getByRole('link', { name: 'Log in' }).getAttribute('href'), '/login-static');
    await shot(page, 'done');

    const [s] = await call(base, 'POST', '/v1/users/login', { email: member.email, password: 'FreshPass123!' });
    assert.equal(s, 200, 'the new password works');
    const [old] = await call(base, 'POST', '/v1/users/login', { email: member.email, password: member.password });
    assert.equal(old, 401, 'the old one does not');
    await page.context().close();
  },

  async 'the giveaway enrolment checks the email, shows the server refusal, then the success message'({ browser, base, shot }) {
    const down = await unavailable(base, 'POST', '/v1/coupons/potential-user');
    if (down) throw new Skip(down);
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/giveaway`);
    await page.getByRole('button', { name: 'Enroll' }).click();
    await page.getByText('Please enter your email address').waitFor();
    // The server refuses an address the simple check lets through: its message is shown.
    await page.getByLabel('Email').fill('a@b.c');
    const refused = page.waitForResponse((r) => r.url().endsWith('/v1/coupons/potential-user'));
    await page.getByRole('button', { name: 'Enroll' }).click();
    assert.equal((await refused).status(), 400);
    await page.getByText('Please enter a valid email address').waitFor();

    await page.getByLabel('Email').fill(`web-e2e-giveaway-${Date.now()}@example.com`);
    const accepted = page.waitForResponse((r) => r.url().endsWith('/v1/coupons/potential-user'));
    await page.getByRole('button', { name: 'Enroll' }).click();
    const answer = await (await accepted).json();
    await page.getByTestId('enroll-success').waitFor();
    assert.ok((await page.getByTestId('enroll-success').textContent()).includes(answer.message), answer.message);
    await shot(page, 'enrolled');
    await expectAccessible(page, 'giveaway enrolled');
    await page.context().close();
  },
};
