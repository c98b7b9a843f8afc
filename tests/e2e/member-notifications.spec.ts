import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/page-checks';
import {
  createAdmin,
  createMember,
  setBalances,
  approvedCorrection,
  gotoReady,
  type TestUser,
  openSignedIn,
} from './support/users';
import { saveScreen } from './support/screens';

/**
 * Issue 23's notifications and issue 22's /user/activity as a member meets them: the page is open, a
 * correction proposed by one admin and approved by a second arrives live in the bell and the
 * list, marking read updates the count, the activity page says who changed what and why without a
 * staff e-mail address, and another member sees none of it.
 */

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications, \d+ unread$/ });

async function memberPage(browser: Browser, member: TestUser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, member, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  // The bell's feed is live: what happens from now on can only reach the page over realtime.
  await expect(page.locator('a[data-feed="live"][href="/user/notifications"]')).toHaveCount(1);
  return page;
}

test('an approved balance change arrives live in the bell and the list; read marks update the count; activity says it in words', async ({
  browser,
}) => {
  // Two members, two staff, four pages and two axe scans in one story: longer than one page's 60 s.
  test.slow();
  const [alice, bob, finance, owner] = await Promise.all([
    createMember({ username: 'Alice Notified' }),
    createMember({ username: 'Bob Elsewhere' }),
    createAdmin({ role: 'finance' }),
    createAdmin(),
  ]);
  await setBalances(alice.id, { interest_wallet: '10.00' }, 'Opening balance');

  const page = await memberPage(browser, alice, '/user/notifications');
  const other = await memberPage(browser, bob, '/user/notifications');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell(other)).toHaveAccessibleName('Notifications, 0 unread');

  await approvedCorrection(finance, owner, alice, '5.00', 'Quarterly interest');

  const sentence = 'An administrator changed your Interest Wallet from $10.00 to $15.00: Quarterly interest';
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  const list = page.getByRole('list', { name: 'Notifications, newest first' });
  await expect(list.getByRole('listitem').first()).toContainText(sentence);
  await expect(list.getByRole('listitem').first()).toContainText('Unread');
  await expect(page.getByText(finance.email)).toHaveCount(0);
  await expect(page.getByText(owner.email)).toHaveCount(0);
  await expect(page.getByText('Staff only')).toHaveCount(0);

  // Per item, then all at once.
  await page.getByRole('button', { name: 'Mark as read: Interest Wallet changed' }).first().click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(list.getByRole('listitem').first()).not.toContainText('Unread');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // Bob saw nothing of it, live or after a reload.
  await expect(bell(other)).toHaveAccessibleName('Notifications, 0 unread');
  await other.reload();
  await expect(other.getByText('No notifications yet.', { exact: false })).toBeVisible();
  await expect(other.getByText('Quarterly interest')).toHaveCount(0);

  // Activity: the same words, staff as a role word; live when the next change arrives.
  await gotoReady(page, '/user/activity');
  const activity = page.getByRole('list', { name: 'Account activity, newest first' });
  await expect(activity.getByRole('listitem').first()).toContainText(sentence);
  await expect(activity.getByRole('listitem').first()).toContainText('An administrator');
  await expect(page.locator('a[data-feed="live"][href="/user/notifications"]')).toHaveCount(1);
  await approvedCorrection(finance, owner, alice, '5.00', 'Loyalty bonus');
  await expect(activity.getByRole('listitem').first()).toContainText(
    'An administrator changed your Interest Wallet from $15.00 to $20.00: Loyalty bonus',
  );
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByText(finance.email)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await gotoReady(other, '/user/activity');
  await expect(other.getByText('Nothing has happened on your account yet.')).toBeVisible();
  await expect(other.getByText('Loyalty bonus')).toHaveCount(0);

  await page.goto('/user/notifications');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expectNoAxeViolations(page);
});

test('notifications and activity at 360, 768 and 1440 px (screenshots)', async ({ browser }) => {
  const [member, finance, owner] = await Promise.all([
    createMember({ username: 'Wendeline Wrapping-Longname' }),
    createAdmin({ role: 'finance' }),
    createAdmin(),
  ]);
  await setBalances(member.id, { interest_wallet: '1000.00', referral: '12.50' }, 'Opening balance');
  await approvedCorrection(
    finance,
    owner,
    member,
    '250.00',
    'Quarterly interest for the period ending 30 September, credited after the review of the loan book',
  );
  const page = await memberPage(browser, member, '/user/notifications');
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/user/notifications', '/user/activity']) {
      await gotoReady(page, path);
      await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
      await expect(page.getByText('Quarterly interest for the period').first()).toBeVisible();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      const name = path === '/user/notifications' ? 'member-notifications' : 'member-activity';
      await saveScreen(page, `${name}-${width}.png`, { fullPage: true });
    }
    // The header with the bell (its badge sits over the bell's corner, so the header, not the link).
    await saveScreen(page.locator('header').filter({ has: bell(page) }), `member-bell-${width}.png`);
  }
});

test('after "Show older", live items go on top and no item leaves the first page or the older ones', async ({
  browser,
}) => {
  const member = await createMember({ username: 'Paula Paged' });
  // More than a page of each list (20 notices, 25 activity events: notification-lists.ts) plus two.
  const earlier = 27;
  for (let i = 1; i <= earlier; i += 1) {
    await setBalances(member.id, { interest_wallet: `${i}.00` }, `Step ${i}`);
  }
  const sentence = (i: number) =>
    `Liquid Capital changed your Interest Wallet from $${i - 1}.00 to $${i}.00: Step ${i}`;
  const lists = [
    { path: '/user/notifications', name: 'Notifications, newest first' },
    { path: '/user/activity', name: 'Account activity, newest first' },
  ];
  const pages = [];
  for (const { path, name } of lists) {
    const page = await memberPage(browser, member, path);
    await page.getByRole('button', { name: 'Show older' }).click();
    const items = page.getByRole('list', { name }).getByRole('listitem');
    await expect(items).toHaveCount(earlier);
    pages.push(items);
  }
  // Two live items, one at a time: each goes on top, every earlier item stays, in order.
  for (const i of [earlier + 1, earlier + 2]) {
    await setBalances(member.id, { interest_wallet: `${i}.00` }, `Step ${i}`);
    for (const items of pages) {
      await expect(items).toHaveCount(i);
      await expect(items.first()).toContainText(sentence(i));
      const texts = await items.allInnerTexts();
      expect(texts.map((t) => /Step (\d+)/.exec(t)?.[1])).toEqual(
        Array.from({ length: i }, (_, k) => String(i - k)),
      );
    }
  }
});
