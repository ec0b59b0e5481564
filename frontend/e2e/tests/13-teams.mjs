import { assert, call, DESKTOP, expectAccessible, login, newPage, Skip, unavailable } from '../helpers.mjs';

const HOST = { email: 'host@demo.local', password: 'DemoHost123!' };
const COHOST = { email: 'cohost@demo.local', password: 'DemoCohost123!' };

async function apiLogin(base, { email, password }) {
  const [s, b] = await call(base, 'POST', '/v1/users/login', { email, password });
  assert.equal(s, 200, `login ${email}: ${JSON.stringify(b)}`);
  return b.access_token;
}

/** The co-host invitation email as the invitee receives it. */
async function invitationEmail(base, to) {
  for (let i = 0; i < 50; i++) {
    const r = await (await fetch(`${base}/v1/dev/outbox?to=${encodeURIComponent(to)}`)).json();
    const m = r.data?.find((x) => /invited you to co-host/.test(x.subject ?? ''));
    if (m) return m;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no co-host invitation reached ${to}`);
}

/** The names of the team sidebar's pages, in order. */
async function sidebarPages(page) {
  const nav = page.getByRole('navigation', { name: 'Team' });
  await nav.waitFor();
  return nav.getByRole('link').allTextContents();
}

export const tests = {
  async 'a host creates a team in the page, invites a new user who accepts from the email link, and deletes the team'({ browser, base, shot }) {
    const hostToken = await apiLogin(base, HOST);
    const down = await unavailable(base, 'GET', '/v1/cohost/getHostVehicles', hostToken);
    if (down) throw new Skip(down);

    // A car of the demo host that is in none of its teams.
    const [vs, vehicles] = await call(base, 'GET', '/v1/cohost/getHostVehicles', undefined, hostToken);
    assert.equal(vs, 200, JSON.stringify(vehicles));
    const [ts, teams] = await call(base, 'GET', '/v1/cohost/getAllTeamsForHost', undefined, hostToken);
    assert.equal(ts, 200, JSON.stringify(teams));
    const taken = new Set(teams.data.filter((t) => t.role === 'host').flatMap((t) => t.cars.map((c) => c.id)));
    const car = vehicles.data.find((v) => !taken.has(v.id));
    if (!car) throw new Skip('every car of host@demo.local is in a team already');

    // The invitee: a new account.
    const stamp = Date.now();
    const invitee = { email: `cohost-e2e-${stamp}@example.com`, password: 'CohostTester123!' };
    const [ss, su] = await call(base, 'POST', '/v1/users/sign-up', {
      firstName: 'Quinn', lastName: 'Cohost', email: invitee.email, phoneNumber: `555${String(stamp).slice(-7)}`,
      password: invitee.password, signUpCode: 'DEMO-INVITE', promotions_enrollment: false,
    });
    assert.equal(ss, 201, JSON.stringify(su));

    const teamName = `E2E crew ${stamp}`;
    let teamId = null;
    try {
      // The host's list, then the create form: Create stays disabled with its reason until a name and a car are given.
      const page = await newPage(browser, DESKTOP);
      await login(page, base, HOST.email, HOST.password);
      await page.goto(`${base}/host/teams`);
      await page.getByRole('heading', { name: 'Co-host teams', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Learn more' }).first().click();
      const slides = page.getByRole('dialog', { name: 'Co-host teams' });
      await slides.getByText('1 of 4').waitFor();
      await expectAccessible(page, 'learn-more slides');
      for (let i = 0; i < 3; i++) await slides.getByRole('button', { name: 'Next' }).click();
      await slides.getByText('4 of 4').waitFor();
      await shot(page, 'learn-more-last-slide');
      await slides.getByRole('button', { name: 'Create Group' }).click();
      await page.waitForURL(`${base}/host/teams/create`);

      const create = page.getByRole('button', { name: 'Create team' });
      await page.getByRole('checkbox', { name: 'Booking management (always included)' }).waitFor();
      assert.ok(await create.isDisabled(), 'Create is disabled without a name');
      assert.equal(await page.getByRole('tooltip').textContent(), 'Please enter a team name');
      await page.getByLabel('Team name').fill(teamName);
      assert.equal(await page.getByRole('tooltip').textContent(), 'Please select at least one vehicle');
      assert.ok(await page.getByRole('checkbox', { name: 'Booking management (always included)' }).isChecked());
      assert.ok(await page.getByRole('checkbox', { name: 'Booking management (always included)' }).isDisabled());
      await page.locator(`input#vehicle-${car.id}`).check();
      await expectAccessible(page, 'create team');
      await shot(page, 'create-team');
      await create.click();
      await page.waitForURL(/\/host\/teams\/[^/]+\/cohosts$/);
      teamId = new URL(page.url()).pathname.split('/')[3];

      // What the server stored.
      const [gs, created] = await call(base, 'GET', `/v1/cohost/getTeamById/${teamId}`, undefined, hostToken);
      assert.equal(gs, 200, JSON.stringify(created));
      assert.equal(created.data.teamName, teamName);
      assert.deepEqual(created.data.cars.map((c) => c.id), [car.id]);
      assert.equal(created.data.teamStatus, 'inactive');

      await page.getByRole('heading', { name: teamName, level: 1 }).waitFor();
      assert.deepEqual(await sidebarPages(page), ['Co-hosts', 'Permissions', 'Vehicles', 'Settings']);
      await page.getByText('Inactive', { exact: true }).first().waitFor();

      // An empty list is refused in the page; then the invitation goes out.
      await page.getByRole('button', { name: 'Send invitations' }).click();
      await page.getByText('Invalid input: teamId and coHostEmails are required').waitFor();
      await page.getByLabel('Co-host emails').fill(invitee.email);
      await page.getByLabel('Earnings share offered (%, optional)').fill('15');
      await page.getByRole('button', { name: 'Send invitations' }).click();
      await page.getByText(`Invitation sent to ${invitee.email}.`).waitFor();
      await page.getByTestId('member').filter({ hasText: invitee.email }).getByText('Pending').waitFor();
      await expectAccessible(page, 'team co-hosts (host)');
      await shot(page, 'cohosts-invited');

      // The invitee opens the email's link signed out, logs in from the page, and accepts.
      const mail = await invitationEmail(base, invitee.email);
      const link = new URL(mail.body.match(/https?:\/\/\S+\/host\/teams\/invite\/\S+/)[0]);
      assert.equal(link.pathname, `/host/teams/invite/${teamId}`);
      assert.equal(link.searchParams.get('token'), mail.code);
      const other = await newPage(browser, DESKTOP);
      await other.goto(`${base}${link.pathname}${link.search}`);
      await other.getByRole('heading', { name: 'Log in to answer the invitation' }).waitFor();
      await expectAccessible(other, 'invitation signed out');
      await other.getByTestId('invitation-page').getByRole('button', { name: 'Log in' }).click();
      const dialog = other.getByRole('dialog', { name: 'Log in' });
      await dialog.getByLabel('Email').fill(invitee.email);
      await dialog.getByLabel('Password').fill(invitee.password);
      await dialog.getByRole('button', { name: 'Log in' }).click();
      const card = other.getByTestId('invitation');
      await card.getByRole('heading', { name: new RegExp(`invited you to co-host ${teamName}`) }).waitFor();
      await card.getByText('15%').waitFor();
      await card.getByText(car.name).waitFor();
      assert.deepEqual(await card.getByRole('button').allTextContents(), ['Accept', 'Reject']);
      assert.equal(new URL(other.url()).searchParams.get('token'), mail.code, 'the token stays in the address');
      await expectAccessible(other, 'invitation');
      await shot(other, 'invitation');
      await card.getByRole('button', { name: 'Accept' }).click();
      await other.waitForURL(`${base}/host/teams/${teamId}/cohosts`);
      await other.getByRole('heading', { name: teamName, level: 1 }).waitFor();
      assert.deepEqual(await sidebarPages(other), ['Co-hosts', 'Vehicles']);
      await other.getByRole('button', { name: 'Leave team' }).waitFor();
      await expectAccessible(other, 'team co-hosts (co-host)');
      await shot(other, 'cohost-view');
      await other.goto(`${base}/host/teams/${teamId}/permissions`);
      await other.waitForURL(`${base}/host/teams/${teamId}/cohosts`);
      assert.equal(await other.getByTestId('permissions-form').count(), 0);

      // The host sees the team active, with the co-host accepted.
      await page.goto(`${base}/host/teams`);
      const row = page.getByTestId('team-row').filter({ hasText: teamName });
      await row.getByText('Active', { exact: true }).waitFor();
      // Public names: first name and the last name's initial.
      await row.getByText(/Quinn C\./).waitFor();
      await expectAccessible(page, 'teams list');
      await shot(page, 'teams-list-active');
      const [as, active] = await call(base, 'GET', `/v1/cohost/getTeamById/${teamId}`, undefined, hostToken);
      assert.equal(as, 200);
      assert.equal(active.data.teamStatus, 'active');
      assert.equal(active.data.coHosts.find((c) => c.email === invitee.email)?.status, 'accepted');

      // The host's other pages.
      await row.getByRole('link', { name: teamName }).click();
      await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Permissions' }).click();
      await page.getByTestId('permissions-form').waitFor();
      await expectAccessible(page, 'team permissions');
      await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Vehicles' }).click();
      const carLink = page.getByRole('link', { name: car.name });
      await carLink.waitFor();
      assert.equal(await carLink.getAttribute('href'), `/host/car/${car.id}/edit-pricing`);
      await expectAccessible(page, 'team vehicles');
      await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByTestId('audit-entry').filter({ hasText: 'Accepted the invitation' }).waitFor();
      await expectAccessible(page, 'team settings');
      await shot(page, 'settings');

      // The host deletes the team in the page; the server no longer has it.
      await page.getByRole('button', { name: 'Delete team' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete ${teamName}?` });
      await expectAccessible(page, 'delete team dialog');
      await confirm.getByRole('button', { name: 'Delete team' }).click();
      await page.waitForURL(`${base}/host/teams`);
      const [ds] = await call(base, 'GET', `/v1/cohost/getTeamById/${teamId}`, undefined, hostToken);
      assert.notEqual(ds, 200, 'the team is gone');
      const [, after] = await call(base, 'GET', '/v1/cohost/getAllTeamsForHost', undefined, hostToken);
      assert.ok(!after.data.some((t) => t._id === teamId), 'the team is not listed');
      teamId = null;

      await page.goto(`${base}/learn-more`);
      await page.getByRole('heading', { name: 'Co-hosting teams', level: 1 }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Create a team' }).getAttribute('href'), '/host/teams/create');
      await expectAccessible(page, 'learn more');
    } finally {
      // The demo host's car goes back to no team if the test stopped half way.
      if (teamId) await call(base, 'POST', '/v1/cohost/deleteTeam', { teamId }, hostToken);
    }
  },

  async "the demo co-host sees only Co-hosts and Vehicles in host2's team, and no permissions form"({ browser, base, shot }) {
    const token = await apiLogin(base, COHOST);
    const down = await unavailable(base, 'GET', '/v1/cohost/getAllTeamsForHost', token);
    if (down) throw new Skip(down);
    const [s, teams] = await call(base, 'GET', '/v1/cohost/getAllTeamsForHost', undefined, token);
    assert.equal(s, 200, JSON.stringify(teams));
    const crew = teams.data.find((t) => t.teamName === 'Fremont crew');
    assert.ok(crew, 'cohost@demo.local is in "Fremont crew"');
    assert.equal(crew.role, 'co-host');

    const page = await newPage(browser, DESKTOP);
    await login(page, base, COHOST.email, COHOST.password);
    await page.goto(`${base}/host/teams`);
    const row = page.getByTestId('team-row').filter({ hasText: 'Fremont crew' });
    await row.getByText('Co-host', { exact: true }).waitFor();
    await row.getByRole('link', { name: 'Fremont crew' }).click();
    await page.waitForURL(`${base}/host/teams/${crew._id}/cohosts`);
    assert.deepEqual(await sidebarPages(page), ['Co-hosts', 'Vehicles']);
    await page.getByText('A team is not active until at least one co-host has been approved.').waitFor();
    await page.getByTestId('member').filter({ hasText: COHOST.email }).getByText('Accepted').waitFor();
    assert.equal(await page.getByLabel('Co-host emails').count(), 0, 'a co-host cannot invite');
    await expectAccessible(page, 'co-host team page');
    await shot(page, 'cohost-sidebar');

    await page.goto(`${base}/host/teams/${crew._id}/permissions`);
    await page.waitForURL(`${base}/host/teams/${crew._id}/cohosts`);
    await page.getByRole('heading', { name: 'Co-hosts', level: 2 }).waitFor();
    assert.equal(await page.getByTestId('permissions-form').count(), 0, 'no permissions form for a co-host');
    await page.goto(`${base}/host/teams/${crew._id}/settings`);
    await page.waitForURL(`${base}/host/teams/${crew._id}/cohosts`);

    await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Vehicles' }).click();
    for (const c of crew.cars) assert.equal(await page.getByRole('link', { name: c.name }).getAttribute('href'), `/host/car/${c.id}/edit-pricing`);
    assert.equal(await page.getByRole('button', { name: /^Remove / }).count(), 0, 'a co-host cannot remove cars');
    await expectAccessible(page, 'co-host vehicles');
  },
};
