import { assert, DESKTOP, expectAccessible, newPage } from '../helpers.mjs';

export const tests = {
  async 'forgot password signs the guest in with an emailed code'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.getByLabel('Email').fill('guest@demo.local');
    const since = new Date().toISOString();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByLabel('Code').waitFor();
    let code;
    for (let i = 0; i < 30 && !code; i++) {
      const r = await (await fetch(`${base}/v1/dev/outbox?to=guest@demo.local`)).json();
      code = r.data?.find((m) => m.code && m.createdAt >= since)?.code;
      if (!code) await new Promise((res) => setTimeout(res, 200));
    }
    assert.ok(code, 'a code in the outbox');
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('OTP Verified! Logging you in...').first().waitFor();
    await shot(page, 'verified');
    await page.getByTestId('signed-in-as').waitFor();
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await page.evaluate(() => Boolean(localStorage.getItem('token'))));
    await page.context().close();
  },

  async 'a wrong password shows the first sentence of the error and keeps the visitor logged out'({ browser, base, shot }) {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${base}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Email').fill('guest@demo.local');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByRole('alert').waitFor();
    assert.match(await dialog.getByRole('alert').textContent(), /^[^.!?]+[.!?]$/);
    await shot(page, 'wrong-password');
    await expectAccessible(page, 'login modal');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.context().close();
  },
};
