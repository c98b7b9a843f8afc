import { expect, test, type Page } from '@playwright/test';
import {
  createMember,
  latestMail,
  latestReauthenticationCode,
  openSignedIn,
  uniqueEmail,
} from './support/users';
import { layoutProblems } from './support/page-checks';
import { englishLeftIn } from './support/languages';
import { saveScreen } from './support/screens';
import { nextTotpCode } from '../support/totp';
import { securityPageWords } from '../../src/i18n/security-words';

// The security page in Arabic (issue 36), walked as a member would: the password changed with the
// mailed code, each refusal in Arabic; an e-mail change whose links come back to the Arabic page; an
// authenticator set up with its key left to right and a wrong code refused in Arabic.

const LRI = '\u2066';
const PDI = '\u2069';
const words = securityPageWords('ar');

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

test('an Arabic member changes the password, starts an e-mail change and sets up an authenticator, all in Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ username: 'نور' });
  await openSignedIn(page, member, '/ar/user/security');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  await expect(page.getByRole('heading', { name: words.password.heading })).toBeVisible();

  // Password: the code is asked for first, a wrong one refused, the two passwords must match.
  const form = page.locator('form').filter({ has: page.getByLabel(words.password.codeLabel) });
  const submit = form.getByRole('button', { name: words.password.submit });
  await form.getByLabel(words.newPassword.newPassword, { exact: true }).fill('a-brand-new-pass');
  await form.getByLabel(words.newPassword.confirmNewPassword).fill('a-brand-new-pass');
  await submit.click();
  await expect(alert(page, words.messages.codeMissing)).toBeVisible();
  const before = new Date().toISOString();
  await page.getByRole('button', { name: words.password.sendCode }).click();
  await expect(toast(page, words.messages.codeSent)).toBeVisible();
  const code = await latestReauthenticationCode(member.email, before);
  await form
    .getByLabel(words.password.codeLabel)
    .fill(code.replace(/^./, (d) => String((Number(d) + 1) % 10)));
  await submit.click();
  await expect(alert(page, words.messages.codeInvalid)).toBeVisible();
  await form.getByLabel(words.password.codeLabel).fill(code);
  await form.getByLabel(words.newPassword.confirmNewPassword).fill('a-brand-new-typo');
  await submit.click();
  await expect(alert(page, words.messages.passwordMismatch)).toBeVisible();
  await form.getByLabel(words.newPassword.confirmNewPassword).fill('a-brand-new-pass');
  await submit.click();
  await expect(toast(page, words.messages.passwordChanged)).toBeVisible();

  // E-mail: refused in Arabic, then sent; the mailed links come back to the Arabic page.
  const field = page.getByLabel(words.email.newLabel);
  await expect(field).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('current-email')).toHaveText(`${LRI}${member.email}${PDI}`);
  await field.fill(member.email.toUpperCase());
  await page.getByRole('button', { name: words.email.submit }).click();
  await expect(alert(page, words.messages.sameEmail)).toBeVisible();
  const newEmail = uniqueEmail('nour');
  const sent = new Date().toISOString();
  await field.fill(newEmail);
  await page.getByRole('button', { name: words.email.submit }).click();
  await expect(toast(page, words.messages.emailChangeSent)).toBeVisible();
  await expect(page.getByTestId('pending-email')).toContainText(`${LRI}${newEmail}${PDI}`);
  const toOld = await latestMail(member.email, sent);
  await page.goto(toOld.link);
  await page.waitForURL('**/ar/user/security**');
  await expect(toast(page, words.messages.emailChangeHalfway)).toBeVisible();

  // An authenticator: the steps in Arabic, the key left to right, a wrong code refused in Arabic.
  const own = words.authenticators;
  await page.getByRole('button', { name: own.add }).click();
  await expect(page.getByRole('heading', { name: own.add })).toBeVisible();
  for (const step of own.steps) await expect(page.getByText(step)).toBeVisible();
  await expect(page.getByRole('img', { name: own.key.qr })).toBeVisible();
  const key = page.getByTestId('totp-secret');
  await expect(key).toHaveAttribute('dir', 'ltr');
  const secret = (await key.innerText()).replace(/\s+/g, '');
  const totp = await nextTotpCode(secret);
  await page.getByLabel(words.codeLabel).fill(totp === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: own.confirm }).click();
  await expect(alert(page, words.mfa.wrongCode)).toBeVisible();
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  await page.getByLabel(words.codeLabel).fill(totp);
  await page.getByRole('button', { name: own.confirm }).click();
  await expect(toast(page, own.addedToast)).toBeVisible();
  await expect(page.getByRole('list', { name: own.listLabel })).toBeVisible();

  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page), `ar security at ${width}px`).toEqual([]);
    await saveScreen(page, `member/security-ar-${width}.png`, { fullPage: true });
  }
});
