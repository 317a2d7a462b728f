import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, uniqueEmail } from '../support/owners.js';
import { closeContexts, newContext, signUpInBrowser } from '../support/browser.js';

afterAll(closeContexts);

async function freshPage(): Promise<Page> {
  const context = await newContext();
  return context.newPage();
}

async function signInInBrowser(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts in the browser', () => {
  it('signs up into the dashboard, logs out, and the guards redirect', async () => {
    const page = await freshPage();
    const email = uniqueEmail('siobhan');
    await signUpInBrowser(page, { email, password: 'lovely-hair-1', name: '  Siobhán Ní Bhriain ' });
    // A brand-new owner is welcomed, not welcomed back, by the name she gave: "Welcome, siobhan-1a2b3c4d!"
    // came from her email (issue 46, point 5). The name is Cognito's standard `name` attribute.
    await page.getByRole('heading', { level: 1, name: 'Welcome, Siobhán!', exact: true }).waitFor();
    // The spec names a new salon after her full name (trimmed as the form sends it).
    await page.locator('.dashboard-salon-name').getByText('Siobhán Ní Bhriain', { exact: true }).waitFor();
    // A reload reads it again from the user pool, not from anything the sign-up page left behind.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Siobhán!', exact: true }).waitFor();

    // Signed in: the home page and /auth go to the dashboard, an unknown path too.
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Signed out: protected and unknown paths go home.
    for (const path of ['/dashboard', '/setup-wizard', '/settings', '/test', '/no-such-page']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
  });

  it('shows every sign-in and sign-up validation message', async () => {
    const page = await freshPage();
    await page.goto('/auth');
    const submit = page.locator('form').getByRole('button', { name: 'Sign In' });
    await submit.click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByText('Please enter your name').waitFor();
    await page.getByText('Please confirm your password').waitFor();
    await page.getByText('Please accept the terms and conditions').waitFor();

    await page.getByLabel('Confirm password', { exact: true }).fill('something-else');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByText('Passwords do not match').waitFor();

    // Errors clear as the field is edited.
    await page.getByLabel('Confirm password', { exact: true }).fill('long-enough-1');
    expect(await page.getByText('Passwords do not match').count()).toBe(0);
  });

  it('toggles password visibility', async () => {
    const page = await freshPage();
    await page.goto('/auth');
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it("shows 'Please wait…' while signing in, then the auth service's message for a wrong password", async () => {
    const page = await freshPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_cognito', async (route) => {
      await held;
      await route.continue();
    });
    await signInInBrowser(page, uniqueEmail('nobody'), 'wrong-password-1');
    await page.getByRole('button', { name: 'Please wait…' }).waitFor();
    expect(await page.getByRole('button', { name: 'Please wait…' }).isDisabled()).toBe(true);
    release();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(5);
    expect(page.url()).toMatch(/\/auth$/);
  });

  it('resets a forgotten password through the emailed link and signs in with the new one', async () => {
    const page = await freshPage();
    const email = uniqueEmail('reset');
    await signUpInBrowser(page, { email, password: 'first-password-1' });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email', { exact: true }).fill('nope');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText(/we have sent a link/).waitFor();

    const outbox = (await api('/_local/outbox.json')).body as { to: string; body: string }[];
    const message = outbox.find((item) => item.to === email);
    const link = /href="([^"]+)"/.exec(message?.body ?? '')?.[1];
    expect(link).toMatch(/\/reset-password\?email=.+&code=\d+/);

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('second-password-2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('different-password');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Your password has been updated').waitFor();
    await page.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signInInBrowser(page, email, 'first-password-1');
    await page.getByRole('alert').waitFor();
    await signInInBrowser(page, email, 'second-password-2');
    await page.waitForURL('**/dashboard');
  });

  it('says the reset link is invalid when it has no code, or a wrong one', async () => {
    const page = await freshPage();
    await page.goto('/reset-password');
    await page.getByText('Invalid or expired reset link. Please request a new one.').waitFor();
    await page.goto(`/reset-password?email=${encodeURIComponent(uniqueEmail())}&code=123456`);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Invalid or expired reset link. Please request a new one.').waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/auth');
  });
});
