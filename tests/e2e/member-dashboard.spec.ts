import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/page-checks';
import {
  createMember,
  setBalances,
  signInThroughUi,
  supabaseStorageKeys,
  openSignedIn,
} from './support/users';
import { watchRealtime } from './support/realtime';
import { saveScreen } from './support/screens';

const MEMBER_PAGES = [
  '/user-dashboard',
  '/user-home',
  '/user/deposit',
  '/user/withdraw',
  '/user/addresses',
  '/user/statement',
  '/user/security',
  '/user/notifications',
  '/user/activity',
  '/user/support',
];

function card(page: Page, label: string) {
  return page.getByRole('listitem').filter({ hasText: label });
}

test.describe('guard', () => {
  for (const path of MEMBER_PAGES) {
    test(`${path} sends a visitor to /login?next= without member content`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      // The built page is the same for everyone: at most the cards' titles and placeholders, no amount.
      expect(html).not.toMatch(/\$\d/);
      expect(html).not.toContain('data-testid="balance-');
      expect(html).toContain('noindex');
      await page.goto(path);
      await page.waitForURL(`**/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    });
  }
});

test.describe('dashboard', () => {
  test('balances change live, the session survives a reload, Log Out clears everything', async ({ page }) => {
    const member = await createMember({ username: 'Liv Live' });
    const realtime = watchRealtime(page);
    await signInThroughUi(page, member);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByText('Hello, Liv Live')).toBeVisible();
    await expect(card(page, 'Interest Wallet Balance')).toContainText('$0.00');

    // Realtime: the page hears the commit and shows it, no reload.
    let heard = await realtime.nextChange('profiles', 'UPDATE');
    await setBalances(member.id, { interest_wallet: '1234.56', referral: '10.5' });
    await heard();
    await expect(card(page, 'Interest Wallet Balance')).toContainText('$1,234.56');
    await expect(card(page, 'Referral Earnings')).toContainText('$10.50');

    await page.reload();
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(card(page, 'Interest Wallet Balance')).toContainText('$1,234.56');
    heard = await realtime.nextChange('profiles', 'UPDATE');
    await setBalances(member.id, { interest_wallet: '99999999.99' });
    await heard();
    await expect(card(page, 'Interest Wallet Balance')).toContainText('$99,999,999.99');

    expect(await supabaseStorageKeys(page)).not.toEqual([]);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    expect(await supabaseStorageKeys(page)).toEqual([]);
    await page.goto('/user-dashboard');
    await page.waitForURL('**/login?next=%2Fuser-dashboard');
  });

  test('every dialog opens with its text, closes with Okay and with Escape, and gives focus back', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Dee Dialog' });
    await openSignedIn(page, member);
    const cases: { open: () => ReturnType<Page['getByRole']>; title: string; text: string }[] = [
      {
        open: () => page.getByRole('button', { name: /Total Withdraw/ }),
        title: 'Withdrawal!',
        text: 'Please copy the wallet address for your chosen asset and proceed with your investment deposit.',
      },
      {
        open: () => page.getByRole('button', { name: /Referral Earnings/ }),
        title: 'Referrals 5%',
        text: 'Get a 5% referral bonus when your referral makes an investment with us.',
      },
      {
        open: () => page.getByRole('navigation').getByRole('button', { name: 'Withdraw' }),
        title: 'Withdrawal!',
        text: 'Please request withdrawals via the dashboard or contact support by e-mail for assistance.',
      },
      {
        open: () => page.getByRole('navigation').getByRole('button', { name: 'Referrals' }),
        title: 'Referrals 5%',
        text: 'Get a 5% referral bonus when your referral makes an investment with us.',
      },
    ];
    for (const { open, title, text } of cases) {
      for (const close of ['Okay', 'Escape'] as const) {
        await open().click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toHaveAttribute('aria-modal', 'true');
        await expect(dialog).toContainText(text);
        // Focus is inside and stays inside.
        for (let i = 0; i < 3; i += 1) {
          await page.keyboard.press('Tab');
          expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        }
        if (close === 'Okay') await dialog.getByRole('button', { name: 'Okay' }).click();
        else await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(open()).toBeFocused();
      }
    }
  });

  test('the sidebar links lead to each member page; Website goes to the public site', async ({ page }) => {
    const member = await createMember();
    await openSignedIn(page, member);
    const nav = page.getByRole('navigation', { name: 'Member area navigation' });
    await nav.getByRole('link', { name: 'Deposit' }).click();
    await expect(page.getByRole('heading', { name: 'Wallet Addresses' })).toBeVisible();
    await nav.getByRole('link', { name: 'Statement' }).click();
    await expect(page.getByRole('heading', { name: 'Ledger entries' })).toBeVisible();
    await nav.getByRole('link', { name: 'Security' }).click();
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/security$/);
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await nav.getByRole('link', { name: 'Website' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('layout and accessibility', () => {
  for (const width of [1440, 360]) {
    test(`member pages have no axe violations at ${width} px`, async ({ page }) => {
      // Six pages, each with a full axe run, on a shared 2-core machine.
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      const member = await createMember({ username: `Axe ${width}` });
      await setBalances(member.id, {
        interest_wallet: '2500.00',
        deposit_wallet: '10000.00',
        total_invest: '7500',
      });
      await openSignedIn(page, member);
      // Pages that hold a session load nothing from other origins (no chat widget, no CDN).
      const foreign: string[] = [];
      page.on('request', (req) => {
        if (!/^(http:\/\/127\.0\.0\.1:\d+|data:)/.test(req.url())) foreign.push(req.url());
      });
      for (const path of MEMBER_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByRole('status', { name: 'Loading your account' })).toHaveCount(0);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoAxeViolations(page);
        // No sideways scrolling at any width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} overflows at ${width}px`).toBeLessThanOrEqual(0);
        await saveScreen(page, `${width}${path.replaceAll('/', '_')}.png`, { fullPage: true });
      }
      expect(foreign).toEqual([]);
    });
  }

  test('the mobile drawer opens, traps focus, closes with Escape and returns focus to Menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const member = await createMember();
    await openSignedIn(page, member);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Member area menu' });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    // Drawer items work: Referrals opens its dialog.
    await menu.click();
    await drawer.getByRole('button', { name: 'Referrals' }).click();
    await expect(page.getByRole('dialog', { name: 'Referrals 5%' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Referrals 5%' })).toBeHidden();
  });
});
