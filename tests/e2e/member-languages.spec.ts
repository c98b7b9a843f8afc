import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, layoutProblems } from './support/page-checks';
import { saveScreen } from './support/screens';
import { createMember, openSignedIn, serviceClient, setBalances } from './support/users';
import { watchRealtime } from './support/realtime';
import { localeInfo } from '../../src/i18n/locales';
import zhHant from '../../src/i18n/catalogs/zh-hant';
import ar from '../../src/i18n/catalogs/ar';

// The member portal in Traditional Chinese and Arabic (issue 36), as far as it is translated (the
// dashboard): the page in the member's language, amounts left to right with the language's currency
// mark, the sidebar's language menu saving the choice, the layout at a phone's width and a desktop's.

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
  await expect(interest.getByTestId('balance-interest_wallet')).toHaveText('1,234.56 US$');
  await expect(interest.getByTestId('balance-interest_wallet')).toHaveAttribute('dir', 'ltr');
  await expect(card(page, words.balances.cards.deposit_wallet.label)).toContainText('99,999,999.99 US$');
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
  await expect(interest.getByTestId('balance-interest_wallet')).toHaveText('80.50 US$');
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
