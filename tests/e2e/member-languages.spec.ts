import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, layoutProblems, splitAmounts, waitUntilSettled } from './support/page-checks';
import { saveScreen } from './support/screens';
import { createMember, openSignedIn, serviceClient, setBalances } from './support/users';
import { watchRealtime } from './support/realtime';
import { englishLeftIn } from './support/languages';
import { localeInfo, localePath } from '../../src/i18n/locales';
import { translatedMemberRoutes } from '../../src/config/member-routes';
import zhHant from '../../src/i18n/catalogs/zh-hant';
import ar from '../../src/i18n/catalogs/ar';

// The member portal in Traditional Chinese and Arabic (issue 36): every translated page at a phone's
// width in both languages, the shell's dialogs and notices, the dashboard and the support page; amounts
// left to right with the language's currency mark, the sidebar's language menu saving the choice.
// Each page's own actions in another language are walked by member-languages-<area>.spec.ts.

const storedLocale = async (id: string) =>
  (await serviceClient().from('profiles').select('locale').eq('id', id).single()).data?.locale;

function card(page: Page, label: string) {
  return page.getByRole('listitem').filter({ hasText: label });
}

test('an Arabic member sees the dashboard in Arabic, amounts left to right, live', async ({ page }) => {
  const words = ar.member;
  const member = await createMember({ username: 'سارة' });
  await setBalances(member.id, { interest_wallet: '1234.56', deposit_wallet: '99999999.99' });
  const realtime = watchRealtime(page);
  await openSignedIn(page, member, '/ar/user-dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.headings.dashboard);
  await expect(page.getByText(words.shell.hello.replace('{name}', 'سارة'))).toBeVisible();
  const interest = card(page, words.balances.cards.interest_wallet.label);
  await expect(interest.getByTestId('balance-interest_wallet')).toHaveText('1,234.56\u00a0US$');
  await expect(interest.getByTestId('balance-interest_wallet')).toHaveAttribute('dir', 'ltr');
  await expect(card(page, words.balances.cards.deposit_wallet.label)).toContainText('99,999,999.99\u00a0US$');
  await expect(interest).toContainText(words.balances.cards.interest_wallet.meaning);
  await expect(page.getByRole('heading', { name: words.dashboard.nextSteps })).toBeVisible();
  await expect(page.getByRole('heading', { name: words.plans.heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: words.freeze.heading })).toBeVisible();
  // Its links stay in Arabic where the page is translated.
  const sidebar = page.getByRole('navigation', {
    name: words.shell.navigationLabel,
  });
  await expect(sidebar.getByRole('link', { name: words.nav.home })).toHaveAttribute(
    'href',
    '/ar/user-dashboard',
  );
  await expect(sidebar.getByRole('button', { name: words.shell.logOut })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: words.nav.website })).toHaveAttribute('href', '/ar');
  // The firm's mark leads to the Arabic home as well.
  await expect(page.getByRole('link', { name: 'Liquid Capital' }).first()).toHaveAttribute('href', '/ar');

  // A change arrives live, written the Arabic way.
  const heard = await realtime.nextChange('profiles', 'UPDATE');
  await setBalances(member.id, { interest_wallet: '80.5' });
  await heard();
  await expect(interest.getByTestId('balance-interest_wallet')).toHaveText('80.50\u00a0US$');
  await expectNoAxeViolations(page);
  expect(await layoutProblems(page)).toEqual([]);
  await saveScreen(page, 'member/dashboard-ar-1440.png', { fullPage: true });
});

test('the sidebar language menu opens the dashboard in Chinese and makes Chinese the member’s language', async ({
  page,
}) => {
  const member = await createMember({ username: 'Lee' });
  await setBalances(member.id, { total_invest: '5000' });
  await openSignedIn(page, member, '/user-dashboard');
  const languages = page.getByRole('list', { name: 'Language' });
  await expect(languages.getByRole('link')).toHaveText([
    localeInfo['zh-hant'].nativeName,
    localeInfo.ar.nativeName,
  ]);
  await languages.getByRole('link', { name: localeInfo['zh-hant'].nativeName }).click();
  await expect(page).toHaveURL(/\/zh-hant\/user-dashboard$/);
  const words = zhHant.member;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.headings.dashboard);
  await expect(card(page, words.balances.cards.total_invest.label)).toContainText('US$5,000.00');
  await expect.poll(() => storedLocale(member.id)).toBe('zh-hant');
  // And back to English from the Chinese menu.
  await page
    .getByRole('list', { name: words.shell.language })
    .getByRole('link', { name: localeInfo.en.nativeName })
    .click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect.poll(() => storedLocale(member.id)).toBe('en');
});

test('a signed-out visitor of the Chinese dashboard is sent to sign-in in Chinese, and back after', async ({
  page,
}) => {
  await page.goto('/zh-hant/user-dashboard');
  await page.waitForURL(`**/zh-hant/login?next=${encodeURIComponent('/zh-hant/user-dashboard')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhHant.authPages.signIn.heading);
});

for (const width of [360, 768]) {
  test(`the translated dashboards fit a ${width}px screen, menu included`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const member = await createMember({ username: 'Nur Al-Huda Abdulrahman' });
    await setBalances(member.id, { interest_wallet: '99999999.99', referral: '12345.67' });
    for (const [locale, words] of [
      ['ar', ar.member],
      ['zh-hant', zhHant.member],
    ] as const) {
      await openSignedIn(page, member, `/${locale}/user-dashboard`);
      await expect(card(page, words.balances.cards.interest_wallet.label)).toContainText('99,999,999.99');
      expect(await layoutProblems(page), `${locale} at ${width}px`).toEqual([]);
      // A balance too wide for its card goes under or over its "US$", never cut inside the figure:
      // at this width and every phone width from 320 px (the narrowest in common use).
      for (const shown of width === 360 ? [width, ...range(320, 480, 4)] : [width]) {
        await page.setViewportSize({ width: shown, height: 800 });
        expect(
          await splitAmounts(page, '[data-testid^="balance-"]', { figuresOnly: true }),
          `${locale} at ${shown}px`,
        ).toEqual([]);
      }
      await page.setViewportSize({ width, height: 800 });
      await saveScreen(page, `member/dashboard-${locale}-${width}.png`, { fullPage: true });
      await page.getByRole('button', { name: words.shell.menu }).click();
      const drawer = page.getByRole('dialog', { name: words.shell.menuLabel });
      await expect(drawer.getByRole('link', { name: words.nav.deposit })).toBeVisible();
      expect(await layoutProblems(page), `${locale} menu at ${width}px`).toEqual([]);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
  });
}

/** from, from + step, … up to `to`. */
const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

const SCRIPT = { 'zh-hant': /[\u4e00-\u9fff]/, ar: /[\u0600-\u06ff]/ } as const;

test('every translated member page at 360px, in Arabic and Chinese: its language, fits, axe clean, no English left', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const member = await createMember({ username: 'ليلى' });
  await setBalances(member.id, {
    deposit_wallet: '99999999.99',
    interest_wallet: '1234.56',
    referral: '12.5',
  });
  await openSignedIn(page, member, '/ar/user-dashboard');
  for (const locale of ['ar', 'zh-hant'] as const) {
    for (const route of translatedMemberRoutes) {
      const path = localePath(locale, route);
      await test.step(path, async () => {
        await page.goto(path);
        await waitUntilSettled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', localeInfo[locale].htmlLang);
        await expect(page.locator('html')).toHaveAttribute('dir', localeInfo[locale].dir);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCRIPT[locale]);
        expect(await page.title()).toMatch(SCRIPT[locale]);
        expect(await englishLeftIn(page.locator('body')), path).toEqual([]);
        await saveScreen(page, `member/languages/${locale}${route}-360.png`, { fullPage: true });
        expect(await layoutProblems(page), path).toEqual([]);
        await expectNoAxeViolations(page);
      });
    }
  }
});

test("the shell's dialogs and notices in Arabic: referrals, the Withdraw dialog's help, the freeze banner", async ({
  page,
}) => {
  const words = ar.member;
  const member = await createMember({ username: 'مريم' });
  await openSignedIn(page, member, '/ar/user-dashboard');
  const sidebar = page.getByRole('navigation', { name: words.shell.navigationLabel });

  await sidebar.getByRole('button', { name: words.nav.referrals }).click();
  const referrals = page.getByRole('dialog', { name: words.referrals.title });
  await expect(referrals).toContainText(words.referrals.text.replace('{percent}', '5'));
  // What referrals have earned (none yet), written the Arabic way and kept left to right.
  await expect(referrals.getByTestId('referral-earned')).toHaveText('0.00\u00a0US$');
  await expect(referrals.getByTestId('referral-earned').locator('bdi')).toHaveAttribute('dir', 'ltr');
  await expect(referrals.getByLabel(words.referrals.linkLabel)).toHaveValue(/\/register\?ref=/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await referrals.getByRole('button', { name: words.referrals.copy }).click();
  await expect(page.getByText(words.referrals.copied, { exact: true })).toBeVisible();
  expect(await englishLeftIn(referrals)).toEqual([]);
  await expectNoAxeViolations(page);
  await referrals.getByRole('button', { name: words.shell.okay }).click();
  await expect(referrals).toBeHidden();

  await sidebar.getByRole('button', { name: words.nav.withdraw }).click();
  const withdraw = page.getByRole('dialog', { name: words.shell.withdrawalTitle });
  // This build has no chat and no phone yet: support is reached by e-mail, said the Arabic way.
  await expect(withdraw).toContainText(
    words.support.withdraw.replace('{channels}', words.support.channels.email),
  );
  expect(await englishLeftIn(withdraw)).toEqual([]);
  await page.keyboard.press('Escape');

  // The member freezes from the dashboard's card: the banner that replaces it is Arabic too.
  await page.getByRole('button', { name: words.freeze.button }).click();
  await page
    .getByRole('dialog', { name: words.freeze.confirmTitle })
    .getByRole('button', { name: words.freeze.freezeNow })
    .click();
  const banner = page.getByTestId('withdrawals-frozen');
  await expect(banner.getByRole('heading')).toHaveText(words.frozenNotice.heading);
  await expect(banner).toContainText(words.frozenNotice.text);
});

test('the support page in Chinese names each channel in Chinese and keeps the address as it is', async ({
  page,
}) => {
  const words = zhHant.memberPages.support;
  const member = await createMember({ username: '陳大文' });
  await openSignedIn(page, member, '/zh-hant/user/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  const channels = page.locator('[data-support-channels]');
  await expect(channels.locator('dt')).toHaveText([words.channels.email.name, words.channels.phone.name]);
  const email = channels.getByRole('link', { name: /@/ });
  await expect(email).toHaveAttribute('href', /^mailto:/);
  await expect(email.locator('bdi')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByText(words.noChat)).toBeVisible();
  // The sidebar's Support entry stays in Chinese, as the page is translated.
  await expect(
    page.getByRole('navigation', { name: zhHant.member.shell.navigationLabel }).getByRole('link', {
      name: zhHant.member.nav.support,
    }),
  ).toHaveAttribute('href', '/zh-hant/user/support');
});

test('an Arabic member who fears for their account freezes withdrawals on the Arabic freeze page', async ({
  page,
}) => {
  const words = ar.memberPages.freeze;
  const shell = ar.member;
  const member = await createMember({ username: 'يوسف' });
  await openSignedIn(page, member, '/ar/user/freeze');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  await expect(page.getByRole('heading', { name: words.notFrozen })).toBeVisible();
  await expect(page.getByText(words.noHold)).toBeVisible();
  await page.getByRole('button', { name: shell.freeze.button }).click();
  await page
    .getByRole('dialog', { name: shell.freeze.confirmTitle })
    .getByRole('button', { name: shell.freeze.freezeNow })
    .click();
  const frozen = page.getByTestId('withdrawals-frozen');
  await expect(frozen.getByRole('heading')).toHaveText(shell.frozenNotice.heading);
  // Since when, on the firm's clock in Arabic words, with the zone.
  await expect(frozen.locator('time')).toHaveText(
    /^مجمّدة منذ \d{1,2} \S+ \d{4}، \d{2}:\d{2} \(بتوقيت هونغ كونغ\)\.$/,
  );
  await expect(frozen).toContainText(shell.frozenNotice.text);
  await expectNoAxeViolations(page);
});
