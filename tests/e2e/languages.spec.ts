import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, layoutProblems, waitUntilSettled } from './support/page-checks';
import { saveScreen } from './support/screens';
import {
  answerSecondFactor,
  createMember,
  latestMail,
  serviceClient,
  signedInClient,
  uniqueEmail,
} from './support/users';
import { nextTotpCode } from '../support/totp';
import { localeInfo, localePath, locales, type Locale } from '../../src/i18n/locales';
import { translatedRoutes } from '../../src/config/navigation';
import zhHant from '../../src/i18n/catalogs/zh-hant';
import ar from '../../src/i18n/catalogs/ar';

// The public site in Traditional Chinese and Arabic (issue 36). Every translated page in both
// languages at a phone's width (where right-to-left and long words break layouts), the rest sampled
// at a desktop's: the language and direction declared, nothing wider than the window, axe clean,
// headings in the language's own script. Then the switcher, the alternates and the figures.

const TRANSLATED: Exclude<Locale, 'en'>[] = ['zh-hant', 'ar'];
const SCRIPT = { 'zh-hant': /[\u4e00-\u9fff]/, ar: /[\u0600-\u06ff]/ } as const;
const CATALOG = { 'zh-hant': zhHant, ar } as const;
const ROUTES = [...translatedRoutes, '/404'];

for (const locale of TRANSLATED) {
  test.describe(`${localeInfo[locale].nativeName} (${locale})`, () => {
    test.describe.configure({ timeout: 180_000 });

    test(`every page at 360px: ${localeInfo[locale].htmlLang}, ${localeInfo[locale].dir}, fits, axe clean, in its script`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      for (const route of ROUTES) {
        const path = localePath(locale, route);
        await test.step(path, async () => {
          await page.goto(path);
          await waitUntilSettled(page);
          await expect(page.locator('html')).toHaveAttribute('lang', localeInfo[locale].htmlLang);
          await expect(page.locator('html')).toHaveAttribute('dir', localeInfo[locale].dir);
          await expect(page.locator('h1')).toHaveText(SCRIPT[locale]);
          expect(await page.title()).toMatch(SCRIPT[locale]);
          await saveScreen(page, `languages/${locale}${route === '/' ? '' : route}-360.png`, {
            fullPage: true,
          });
          expect(await layoutProblems(page), path).toEqual([]);
          await expectNoAxeViolations(page);
        });
      }
    });

    test(`the home, asset-management and a legal page at 1440px`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      for (const route of ['/', '/asset-management', '/privacy-policy']) {
        const path = localePath(locale, route);
        await page.goto(path);
        await waitUntilSettled(page);
        await saveScreen(page, `languages/${locale}${route === '/' ? '' : route}-1440.png`, {
          fullPage: true,
        });
        expect(await layoutProblems(page), path).toEqual([]);
      }
      // Legal pages say which text prevails, in the reader's language.
      await expect(page.locator('[data-english-prevails]')).toHaveText(CATALOG[locale].legal.englishPrevails);
    });
  });
}

test('the switcher opens the same page in another language, by keyboard, and remembers the choice', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/ar/loan');
  const trigger = page.locator('[data-language-switcher] [data-dropdown-trigger]');
  await expect(trigger).toHaveAccessibleName(`${ar.language.label}: العربية`);
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.locator('#language-menu');
  await expect(menu).toBeVisible();
  // The page's own language is marked; each link names its language in that language.
  await expect(menu.getByRole('link', { name: 'العربية' })).toHaveAttribute('aria-current', 'true');
  await expect(menu.getByRole('link', { name: '繁體中文' })).toHaveAttribute('lang', 'zh-Hant');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: '繁體中文' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/zh-hant\/loan$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  const cookie = (await context.cookies()).find((c) => c.name === 'nf_lang');
  expect(cookie?.value).toBe('zh');

  // The phone's menu lists the languages too, and English returns to today's address.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: zhHant.nav.openMenu }).click();
  const list = page.getByRole('dialog').getByRole('navigation', { name: zhHant.language.label });
  await list.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/loan$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === 'nf_lang')?.value).toBe('en');
});

test('every translated page names its three languages as alternates, and each alternate exists', async ({
  page,
  request,
}) => {
  for (const route of translatedRoutes) {
    await page.goto(route);
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href') ?? '').pathname]),
      );
    expect(alternates).toEqual([
      ...locales.map((l) => [localeInfo[l].htmlLang, localePath(l, route)]),
      ['x-default', route],
    ]);
    for (const [, path] of alternates) expect((await request.get(path ?? '')).status(), path ?? '').toBe(200);
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/ar/loan</loc>');
  expect(sitemap).toMatch(/hreflang="zh-Hant" href="https?:\/\/[^/"]+\/zh-hant\/loan"/);
});

test('Arabic keeps figures and amounts left to right, in Latin digits, inside isolated runs', async ({
  page,
}) => {
  await page.goto('/ar/asset-management');
  const minimums = page.locator('[data-list="plans"] [data-amount] bdi');
  await expect(minimums).toHaveCount(4);
  const texts = (await minimums.allTextContents()).map((t) => t.replace(/[\u200e\u200f\s]/g, ''));
  expect(texts.map((t) => t.replace(/[^\d,]/g, ''))).toEqual(['500', '5,000', '25,000', '50,000']);
  // "5,000 US$": the amount, then the currency, never reordered by the Arabic around it.
  for (const text of texts) expect(text).toMatch(/^[\d,]+US\$$/);
  await expect(minimums.first()).toHaveAttribute('dir', 'ltr');
  // The home page's key figures read as written ("700+", not "+700").
  await page.goto('/ar');
  const figure = page.locator('dd bdi').first();
  await expect(figure).toHaveText('700+');
  const direction = await figure.evaluate((el) => getComputedStyle(el).direction);
  expect(direction).toBe('ltr');
});

test("the contact form speaks the page's language: its checks, its button and its result", async ({
  page,
}) => {
  await page.goto('/ar/getintouch');
  await waitUntilSettled(page);
  const words = ar.contactForm;
  const form = page.locator('form');
  await form.getByRole('button', { name: words.send }).click();
  await expect(page.getByRole('alert').filter({ hasText: words.fillRequired })).toBeVisible();
  await expect(form.getByLabel(words.name)).toBeFocused();
  await form.getByLabel(words.name).fill('سارة');
  await form.getByLabel(words.email).fill('not-an-address');
  await form.getByLabel(words.question).fill('أود معرفة المزيد عن الإقراض.');
  await form.getByRole('button', { name: words.send }).click();
  await expect(page.getByRole('alert').filter({ hasText: words.invalidEmail })).toBeVisible();
  await form.getByLabel(words.email).fill(`sara.${Date.now()}@example.com`);
  await form.getByRole('radio', { name: words.investor }).check();
  await form.getByRole('button', { name: words.send }).click();
  await expect(page.getByText(words.sent)).toBeVisible();
});

test.describe('sign-in, sign-up and the reset request in Chinese and Arabic', () => {
  test('sign-in: the checks and the answer in Chinese, links within the language', async ({ page }) => {
    const words = zhHant.authForm;
    await page.goto('/zh-hant/login');
    await waitUntilSettled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhHant.authPages.signIn.heading);
    await page.getByRole('button', { name: words.signIn, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: words.messages.fillAllFields })).toBeVisible();
    await page.getByLabel(words.email, { exact: true }).fill(uniqueEmail('zh'));
    await page.getByLabel(words.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: `${words.show} ${words.passwordWord}` }).click();
    await expect(page.getByLabel(words.password, { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: words.signIn, exact: true }).click();
    // GoTrue's refusal, said in the page's words (never its own English text).
    await expect(page.getByText(words.messages.invalidCredentials)).toBeVisible();
    await expect(page.getByRole('link', { name: words.forgotPassword })).toHaveAttribute(
      'href',
      '/zh-hant/forgot-password',
    );
    await expect(page.getByRole('link', { name: words.createAccount })).toHaveAttribute(
      'href',
      '/zh-hant/register',
    );
  });

  test('a member signs in on the Arabic page and is welcomed in Arabic', async ({ page }) => {
    const member = await createMember();
    await page.goto('/ar/login');
    await waitUntilSettled(page);
    await page.getByLabel(ar.authForm.email, { exact: true }).fill(member.email);
    await page.getByLabel(ar.authForm.password, { exact: true }).fill(member.password);
    await page.getByRole('button', { name: ar.authForm.signIn, exact: true }).click();
    await expect(page.getByText(ar.authForm.messages.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/user-dashboard$/);
    // Signing in on the Arabic page makes Arabic the member's language, for their mails and statements.
    await expect
      .poll(
        async () =>
          (await serviceClient().from('profiles').select('locale').eq('id', member.id).single()).data,
      )
      .toEqual({ locale: 'ar' });
  });

  test('a member who registers in Chinese gets the confirmation mail in Chinese, and Chinese is their language', async ({
    page,
  }) => {
    const words = zhHant.authForm;
    const email = uniqueEmail('zh-signup');
    await page.goto('/zh-hant/register');
    await waitUntilSettled(page);
    await page.getByLabel(words.username).fill('陳大文');
    await page.getByLabel(words.emailAddress).fill(email);
    await page.getByLabel(words.password, { exact: true }).fill('a-long-enough-password');
    await page.locator('#signup-consent').check();
    await page.getByRole('button', { name: words.signUp }).click();
    await expect(page.getByRole('status').filter({ hasText: words.messages.confirmEmailSent })).toBeVisible();
    const mail = await latestMail(email);
    expect(mail.subject).toBe('確認您的電郵地址');
    expect(mail.text).toContain('歡迎使用Liquid Capital');
    expect(mail.text).toContain(`確認我的電郵地址: ${mail.link}`);
    expect(mail.text).not.toMatch(/Confirm|Welcome/);
    const { data } = await serviceClient()
      .from('profiles')
      .select('locale, username')
      .eq('email', email)
      .single();
    expect(data).toEqual({ locale: 'zh-hant', username: '陳大文' });
  });

  test('a member with an authenticator is asked for its code in Chinese, and lands on the Chinese dashboard', async ({
    page,
  }) => {
    const words = zhHant.authForm;
    const member = await createMember();
    const client = await signedInClient(member);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const secret = enrolled.data!.totp.secret;
    await answerSecondFactor(client, { ...member, totpSecret: secret });

    await page.goto('/zh-hant/login');
    await waitUntilSettled(page);
    await page.getByLabel(words.email, { exact: true }).fill(member.email);
    await page.getByLabel(words.password, { exact: true }).fill(member.password);
    await page.getByRole('button', { name: words.signIn, exact: true }).click();
    await expect(page.getByRole('heading', { name: words.secondFactor.heading })).toBeVisible();
    await expect(page.getByText(words.secondFactor.lostDevice)).toBeVisible();
    // A Chinese member page opened before the code sends back to the Chinese prompt, keeping the page.
    await page.goto('/zh-hant/user-dashboard');
    await page.waitForURL(`**/zh-hant/login?next=${encodeURIComponent('/zh-hant/user-dashboard')}`);
    await expect(page.getByRole('heading', { name: words.secondFactor.heading })).toBeVisible();
    const code = await nextTotpCode(secret);
    const wrong = code.replace(/^./, (d) => String((Number(d) + 5) % 10));
    await page.getByLabel(words.secondFactor.codeLabel).fill(wrong);
    await page.getByRole('button', { name: words.secondFactor.verify }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: words.secondFactor.messages.wrongCode }),
    ).toBeVisible();
    await page.getByLabel(words.secondFactor.codeLabel).fill(code);
    await page.getByRole('button', { name: words.secondFactor.verify }).click();
    await expect(page.getByText(words.messages.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/zh-hant\/user-dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhHant.member.headings.dashboard);
  });

  test('sign-up: the consent names the legal texts in the language, a referral link is explained, the inbox step follows', async ({
    page,
  }) => {
    const words = ar.authForm;
    await page.goto('/ar/register?ref=ABCD2345');
    await waitUntilSettled(page);
    await expect(page.getByTestId('referral-notice')).toHaveText(
      words.referralInvited.replace('{code}', 'ABCD2345'),
    );
    await expect(page.locator('form').getByRole('link', { name: words.privacyPolicy })).toHaveAttribute(
      'href',
      '/ar/privacy-policy',
    );
    await expect(page.locator('form').getByRole('link', { name: words.termsOfService })).toHaveAttribute(
      'href',
      '/ar/terms-of-service',
    );
    await page.getByLabel(words.username).fill('sara');
    await page.getByLabel(words.emailAddress).fill(uniqueEmail('ar'));
    await page.getByLabel(words.password, { exact: true }).fill('short');
    await page.locator('#signup-consent').check();
    await page.getByRole('button', { name: words.signUp }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: words.messages.weakPassword.replace('{min}', '8') }),
    ).toBeVisible();
    await page.getByLabel(words.password, { exact: true }).fill('a-long-enough-password');
    await page.getByRole('button', { name: words.signUp }).click();
    await expect(page.getByRole('heading', { name: words.confirmTitle })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: words.messages.confirmEmailSent })).toBeVisible();
    await expect(page.getByRole('link', { name: words.goToSignIn })).toHaveAttribute('href', '/ar/login');
  });

  test('a Chinese member asks for a reset in Chinese, gets the mail in Chinese, and sets the password on the Chinese page', async ({
    page,
  }) => {
    const words = zhHant.authForm;
    const member = await createMember();
    const { error } = await serviceClient().auth.admin.updateUserById(member.id, {
      user_metadata: { locale: 'zh-hant' },
    });
    expect(error).toBeNull();
    const since = new Date(Date.now() - 1000).toISOString();
    await page.goto('/zh-hant/forgot-password');
    await waitUntilSettled(page);
    await page.getByLabel(words.email, { exact: true }).fill(member.email);
    await page.getByRole('button', { name: words.sendResetLink }).click();
    await expect(page.getByRole('status').filter({ hasText: words.messages.resetRequested })).toBeVisible();
    const mail = await latestMail(member.email, since);
    expect(mail.subject).toBe('重設您的密碼');
    expect(mail.text).toContain(`重設我的密碼: ${mail.link}`);
    // No English left: apart from the firm's name and the links, no Latin words.
    expect(mail.text.replace(/https?:\/\/\S+|Liquid Capital/g, '')).not.toMatch(/[A-Za-z]{2,}/);

    // The link leads to the reset page in Chinese, in this browser (the one that asked).
    await page.goto(mail.link);
    await expect(page).toHaveURL(/\/zh-hant\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhHant.authPages.resetPassword.heading);
    await page.getByLabel(words.newPassword, { exact: true }).fill('a-new-long-password');
    await page.getByLabel(words.confirmNewPassword, { exact: true }).fill('a-different-password');
    await page.getByRole('button', { name: words.setNewPassword }).click();
    await expect(page.getByRole('alert').filter({ hasText: words.messages.passwordMismatch })).toBeVisible();
    await page.getByLabel(words.confirmNewPassword, { exact: true }).fill('a-new-long-password');
    await page.getByRole('button', { name: words.setNewPassword }).click();
    await expect(page.getByText(words.messages.passwordUpdated)).toBeVisible();
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });

  test('a confirmation link opened in another browser is explained in Arabic, with sign-in in Arabic', async ({
    page,
  }) => {
    // A code this browser has no verifier for: the address is confirmed, and signing in is asked for.
    await page.goto('/ar/auth/confirm?code=opened-elsewhere');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.authPages.confirmEmail.heading);
    await expect(page.getByRole('alert')).toHaveText(ar.authLanding.codeFromOtherBrowser.signup);
    await expect(page.getByRole('main').getByRole('link', { name: ar.authForm.signIn })).toHaveAttribute(
      'href',
      '/ar/login',
    );
  });

  test('the reset request answers in Chinese without saying whether the address exists', async ({ page }) => {
    const words = zhHant.authForm;
    await page.goto('/zh-hant/forgot-password');
    await waitUntilSettled(page);
    await page.getByRole('button', { name: words.sendResetLink }).click();
    await expect(page.getByRole('alert').filter({ hasText: words.messages.emailRequired })).toBeVisible();
    await page.getByLabel(words.email, { exact: true }).fill(uniqueEmail('zh-reset'));
    await page.getByRole('button', { name: words.sendResetLink }).click();
    await expect(page.getByRole('status').filter({ hasText: words.messages.resetRequested })).toBeVisible();
    await expect(page.getByRole('link', { name: words.backToSignIn })).toHaveAttribute(
      'href',
      '/zh-hant/login',
    );
  });
});
