import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { ANON_KEY, supabaseUrl } from './support/env';
import {
  createMember,
  latestMail,
  latestReauthenticationCode,
  serviceClient,
  signedInClient,
  uniqueEmail,
  type TestUser,
  openSignedIn,
} from './support/users';

/** The member's security page, opened through the sidebar after a real sign-in. */
async function openSecurityPage(page: Page, member: TestUser) {
  await openSignedIn(page, member);
  await page
    .getByRole('navigation', { name: 'Member area navigation' })
    .getByRole('link', { name: 'Security' })
    .click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
}

/** True when `email` / `password` is accepted by the server. */
async function canSignIn(email: string, password: string): Promise<boolean> {
  const client = createClient(supabaseUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  return error === null;
}

function alert(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text }).first();
}

test.describe('member security page', () => {
  test('change password with the mailed code; bad input and a wrong code get clear messages', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Paula Password' });
    await openSecurityPage(page, member);
    const form = page.locator('form').filter({ has: page.getByLabel('Code from the e-mail') });
    const submit = form.getByRole('button', { name: 'Change password' });

    await form.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
    await form.getByLabel('Confirm new password').fill('a-brand-new-pass');
    await submit.click();
    await expect(alert(page, 'Enter the 6-digit code from the e-mail')).toBeVisible();
    // The message is tied to the field it is about, and that field has the focus.
    await expect(form.getByLabel('Code from the e-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Code from the e-mail')).toBeFocused();

    const before = new Date().toISOString();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(toast(page, 'We have sent a 6-digit code to your e-mail address.')).toBeVisible();
    const code = await latestReauthenticationCode(member.email, before);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));
    await form.getByLabel('Code from the e-mail').fill(wrong);
    await submit.click();
    await expect(alert(page, 'That code is wrong or has expired. Ask for a new one.')).toBeVisible();

    await form.getByLabel('Code from the e-mail').fill(code);
    await form.getByLabel('New password', { exact: true }).fill('short');
    await form.getByLabel('Confirm new password').fill('short');
    await submit.click();
    await expect(alert(page, 'Password should be at least 8 characters long')).toBeVisible();

    await form.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
    await form.getByLabel('Confirm new password').fill('a-brand-new-typo');
    await submit.click();
    await expect(alert(page, 'The two passwords do not match.')).toBeVisible();

    await form.getByLabel('New password', { exact: true }).fill(member.password);
    await form.getByLabel('Confirm new password').fill(member.password);
    await submit.click();
    await expect(alert(page, 'The new password must be different from your current password.')).toBeVisible();

    await form.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
    await form.getByLabel('Confirm new password').fill('a-brand-new-pass');
    await submit.click();
    await expect(toast(page, 'Your password has been changed.')).toBeVisible();
    expect(await canSignIn(member.email, 'a-brand-new-pass')).toBe(true);
    expect(await canSignIn(member.email, member.password)).toBe(false);
  });

  test('change e-mail: bad input is refused, the change waits for both links, then the new address signs in', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Emil Email' });
    await openSecurityPage(page, member);
    const field = page.getByLabel('New e-mail address');
    const submit = page.getByRole('button', { name: 'Change e-mail address' });
    await expect(page.getByTestId('current-email')).toHaveText(member.email);

    await field.fill('not-an-address');
    await submit.click();
    await expect(alert(page, 'Please enter a valid email address.')).toBeVisible();
    await field.fill(member.email.toUpperCase());
    await submit.click();
    await expect(alert(page, 'That is already your e-mail address.')).toBeVisible();

    const newEmail = uniqueEmail('moved');
    const before = new Date().toISOString();
    await field.fill(newEmail);
    await submit.click();
    await expect(
      toast(page, 'we have sent a confirmation link to your current and to your new address'),
    ).toBeVisible();
    await expect(page.getByTestId('pending-email')).toContainText(newEmail);
    const toOld = await latestMail(member.email, before);
    const toNew = await latestMail(newEmail, before);
    expect([toOld.type, toNew.type]).toEqual(['email_change', 'email_change']);

    // Still pending after a reload: the server keeps it, not the page.
    await page.reload();
    await expect(page.getByTestId('pending-email')).toContainText(newEmail);

    await page.goto(toOld.link);
    await page.waitForURL('**/user/security**');
    await expect(
      toast(page, 'One link confirmed. Now open the link we sent to the other address'),
    ).toBeVisible();
    await expect(page.getByTestId('current-email')).toHaveText(member.email);
    await expect(page.getByTestId('pending-email')).toContainText(newEmail);
    expect(await canSignIn(newEmail, member.password)).toBe(false);

    await page.goto(toNew.link);
    await page.waitForURL('**/user/security**');
    // A link never replaces a session silently, even the member's own: they are asked first.
    const question = page.getByRole('alertdialog', { name: `You are signed in as ${member.email}` });
    await question.getByRole('button', { name: 'Use the link' }).click();
    await expect(toast(page, `Your e-mail address has been changed. It is now ${newEmail}.`)).toBeVisible();
    await expect(page.getByTestId('current-email')).toHaveText(newEmail);
    await expect(page.getByTestId('pending-email')).toHaveCount(0);
    await expect(page).toHaveURL(/\/user\/security$/);
    expect(await canSignIn(newEmail, member.password)).toBe(true);
    expect(await canSignIn(member.email, member.password)).toBe(false);
    // The admin area reads the address from the profile: it follows the change.
    const { data } = await serviceClient().from('profiles').select('email').eq('id', member.id).single();
    expect(data).toEqual({ email: newEmail });
  });

  test('sign out of all other sessions ends them and keeps this one', async ({ page }) => {
    const member = await createMember();
    const elsewhere = await signedInClient(member);
    await openSecurityPage(page, member);
    await page.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await expect(toast(page, 'You have been signed out on every other device and browser.')).toBeVisible();
    // The other device can no longer renew its session.
    const { error } = await elsewhere.auth.refreshSession();
    expect(error).not.toBeNull();
    // This browser stays signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/security$/);
  });
});
