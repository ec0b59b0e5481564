import { assert, call, DESKTOP, expectAccessible, newPage, outboxCode, PHONE, searchUrl, signedInPage, Skip, unavailable } from '../helpers.mjs';

export const tests = {
  async 'the host card opens the host\'s public profile'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(searchUrl(base));
    await page.goto(base + (await page.getByTestId('result-link').first().getAttribute('href')));
    const link = page.locator('.host-card__link');
    await link.waitFor();
    const href = await link.getAttribute('href');
    assert.match(href, /^\/user-profile\/[^/]+$/);
    assert.equal(await link.getAttribute('target'), '_blank');
    const name = (await link.locator('strong').textContent()).trim();
    await page.goto(base + href);
    await page.getByTestId('user-profile').waitFor();
    assert.equal((await page.getByRole('heading', { level: 1 }).textContent()).trim(), name);
    await page.getByRole('heading', { name: 'User Reviews' }).waitFor();
    // The host's listed cars: "{n} Vehicles", 6 at first, each with View Details.
    const title = page.getByRole('heading', { name: /^\d+ Vehicles?$/ });
    await title.waitFor();
    const n = Number((await title.textContent()).split(' ')[0]);
    const shown = await page.getByTestId('vehicle-card').count();
    assert.ok(n >= 1 && shown === Math.min(n, 6), `${shown} of ${n}`);
    assert.match(await page.getByRole('link', { name: /^View details of / }).first().getAttribute('href'), /^\/car\//);
    // Verified Info, and the tiers explained in a dialog.
    await page.getByRole('heading', { name: 'Verified Info' }).waitFor();
    await page.getByRole('button', { name: 'Tier Information' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tier Information' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('listitem').count(), 4);
    await shot(page, 'tiers');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'profile');
    await expectAccessible(page, 'user profile');
    await page.context().close();
  },

  async 'a member verifies their phone number on their profile with the texted code'({ browser, base, shot }) {
    const down = await unavailable(base, 'POST', '/v1/users/sendMobileVerification');
    if (down) throw new Skip(down);
    // A new member with no number on file (numbers are one account's each: a random one).
    const email = `phone-e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    const [ss, su] = await call(base, 'POST', '/v1/users/sign-up', {
      firstName: 'Pat', lastName: 'Phone', email, password: 'PhoneTester123!', signUpCode: 'DEMO-INVITE', termsAccepted: true, phoneNumber: '', countryCode: '+1', professionalEmail: '', promotions_enrollment: false,
    });
    assert.equal(ss, 201, JSON.stringify(su));
    const userId = su.user.userId;
    const digits = `650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const shown = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const page = await signedInPage(browser, base, { token: su.access_token, user: su.user });

    // The greeting in the header opens the account menu, the way to one's own profile.
    await page.goto(`${base}/help`);
    await page.getByTestId('signed-in-as').click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/user-profile/${userId}`);
    const box = page.getByTestId('phone-verification');
    await box.waitFor();
    const info = page.getByTestId('verified-info');
    assert.match(await info.getByRole('listitem').nth(1).textContent(), /Phone number not verified/);
    await expectAccessible(page, 'phone verification, the number');

    // The number is checked in the page, then a code is texted to it.
    const input = box.getByLabel('Mobile number (US)');
    await input.fill('650555');
    await box.getByRole('button', { name: 'Send code' }).click();
    await box.getByText('Invalid Phone number. Please enter a valid 10-digit number.').waitFor();
    await input.fill(digits);
    assert.equal(await input.inputValue(), shown, 'shown as (xxx) xxx-xxxx');
    await box.getByRole('button', { name: 'Send code' }).click();
    await box.getByText(`We texted a code to ${shown}.`).waitFor();
    const resend = box.getByTestId('resend-code');
    assert.ok(await resend.isDisabled(), 'a new code only after 30 s');
    assert.match(await resend.textContent(), /^Resend code in \d+ s$/);
    await expectAccessible(page, 'phone verification, the code');
    await shot(page, 'phone-code');
    const code = await outboxCode(base, digits);

    // The code: digits only, 4 to 6; a wrong one is refused by the server.
    const codeInput = box.getByLabel('Code');
    await codeInput.fill('12');
    await box.getByRole('button', { name: 'Verify' }).click();
    await box.getByText('Please enter a valid OTP.').waitFor();
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await box.getByRole('button', { name: 'Verify' }).click();
    await box.getByTestId('phone-error').waitFor();
    assert.equal(await box.getByTestId('phone-verified').count(), 0);

    // On a phone the page fits its width.
    await page.setViewportSize(PHONE);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, 'no sideways scroll at 390 px');
    await shot(page, 'phone-code-on-a-phone');
    await page.setViewportSize(DESKTOP);

    await codeInput.fill(code);
    await box.getByRole('button', { name: 'Verify' }).click();
    await box.getByTestId('phone-verified').filter({ hasText: `${shown} is verified.` }).waitFor();
    await info.getByRole('listitem').filter({ hasText: 'Phone number verified' }).waitFor();
    await expectAccessible(page, 'phone verified');
    const [ms, me] = await call(base, 'GET', `/v1/users/getuser/${userId}`, undefined, su.access_token);
    assert.equal(ms, 200, JSON.stringify(me));
    assert.equal(me.user.isMobileVerified, true);
    assert.equal(me.user.phoneNumber.replace(/\D/g, '').slice(-10), digits);
    await page.context().close();
  },
};
