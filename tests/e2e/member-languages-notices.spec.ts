import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, layoutProblems, splitAmounts } from './support/page-checks';
import {
  createAdmin,
  createMember,
  gotoReady,
  openSignedIn,
  setBalances,
  approvedCorrection,
  type TestUser,
} from './support/users';
import { englishLeftIn } from './support/languages';
import { saveScreen } from './support/screens';
import ar from '../../src/i18n/catalogs/ar';
import zhHant from '../../src/i18n/catalogs/zh-hant';
import { fill } from '../../src/i18n/fill';

// The notices and the activity log in Arabic and Chinese (issue 36): the database words each event
// when the page reads it, in the page's language, so a change made by staff arrives live in Arabic
// with its amounts intact and isolated, the same notice reads in English on the English page, and
// the freeze page's recent notices follow the page too.

const FSI = '\u2068';
const PDI = '\u2069';

async function livePage(browser: Browser, member: TestUser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, member, path);
  await expect(page.locator('a[data-feed="live"]')).toHaveCount(1);
  return page;
}

test('an Arabic member reads a staff change live in Arabic, marks it read, finds it in the activity log, and freezes', async ({
  browser,
}) => {
  test.slow();
  const words = ar.memberPages.notifications;
  const shell = ar.member;
  const [member, finance, owner] = await Promise.all([
    createMember({ username: 'ليلى' }),
    createAdmin({ role: 'finance' }),
    createAdmin(),
  ]);
  await setBalances(member.id, { interest_wallet: '10.00' }, 'Opening balance');
  const page = await livePage(browser, member, '/ar/user/notifications');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  const bell = page.getByRole('link', { name: fill(shell.shell.notificationsUnread, { count: 1 }) });
  await expect(bell).toBeVisible();

  await approvedCorrection(finance, owner, member, '1250.00', 'Quarterly interest');
  const list = page.getByRole('list', { name: words.listLabel });
  const newest = list.getByRole('listitem').first();
  const title = 'تغيّر رصيد محفظة الفوائد';
  // The opening balance's notice has the same title: the new one is known by its amount.
  await expect(newest).toContainText('1,260.00\u00a0US$');
  await expect(newest).toContainText(title);
  await expect(newest).toContainText(words.unread);
  // Each amount whole and in its own isolate, the balance before ahead of the balance after; the
  // staff's English reason as typed, isolated too; the approver as a role word, never an e-mail.
  const body = (await newest.locator('p').nth(1).textContent()) ?? '';
  const before = `${FSI}10.00\u00a0US$${PDI}`;
  const after = `${FSI}1,260.00\u00a0US$${PDI}`;
  expect(body).toContain(before);
  expect(body).toContain(after);
  expect(body.indexOf(before)).toBeLessThan(body.indexOf(after));
  expect(body).toContain(`${FSI}Quarterly interest${PDI}`);
  expect(body).toContain('أحد المسؤولين');
  await expect(page.getByText(finance.email)).toHaveCount(0);
  await expect(page.getByText('Staff only')).toHaveCount(0);
  // The time on the firm's clock in Arabic, isolated.
  await expect(newest.locator('bdi time')).toHaveText(/\(بتوقيت هونغ كونغ\)$/);
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);

  await expect(
    page.getByRole('link', { name: fill(shell.shell.notificationsUnread, { count: 2 }) }),
  ).toBeVisible();
  await newest.getByRole('button', { name: fill(words.markOneLabel, { title }) }).click();
  await expect(
    page.getByRole('link', { name: fill(shell.shell.notificationsUnread, { count: 1 }) }),
  ).toBeVisible();
  await expect(newest).not.toContainText(words.unread);
  await page.getByRole('button', { name: words.markAll }).click();
  await expect(page.getByRole('button', { name: words.markAll })).toBeDisabled();
  await expect(
    page.getByRole('link', { name: fill(shell.shell.notificationsUnread, { count: 0 }) }),
  ).toBeVisible();
  // An amount is read whole: at no phone width does "US$" fall to the line after its figure.
  for (let width = 320; width <= 480; width += 4) {
    await page.setViewportSize({ width, height: 800 });
    expect(await splitAmounts(page), `${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await saveScreen(page, 'notifications-ar-360.png', { fullPage: true });

  // The activity log: the same sentence, the approver as a role word beside the time.
  const activityWords = ar.memberPages.activity;
  await gotoReady(page, '/ar/user/activity');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(activityWords.heading);
  const activity = page.getByRole('list', { name: activityWords.listLabel });
  await expect(activity.getByRole('listitem').first()).toContainText(title);
  expect(await activity.getByRole('listitem').first().locator('p').nth(1).textContent()).toBe(body);
  await expect(activity.getByRole('listitem').first().locator('p').nth(2)).toContainText('أحد المسؤولين');
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await saveScreen(page, 'activity-ar-360.png', { fullPage: true });

  // The member freezes from the notifications page; the notice says so in Arabic, here and on the
  // freeze page's list of recent security notices, with the one sentence on how a freeze is lifted.
  await gotoReady(page, '/ar/user/notifications');
  await page.getByRole('button', { name: shell.freeze.button }).click();
  await page
    .getByRole('dialog', { name: shell.freeze.confirmTitle })
    .getByRole('button', { name: shell.freeze.freezeNow })
    .click();
  const frozen = list.getByRole('listitem').first();
  await expect(frozen).toContainText('تم تجميد السحوبات');
  await expect(frozen).toContainText('لرفع التجميد، تواصلوا معنا: يجب أن يوافق عليه عضوان من فريقنا.');
  await gotoReady(page, '/ar/user/freeze');
  const notices = page.getByRole('list', { name: ar.memberPages.freeze.noticesHeading });
  await expect(notices.getByRole('listitem').first()).toContainText('تم تجميد السحوبات');
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
});

test('a Chinese member reads a notice in Chinese, and the same notice in English on the English page', async ({
  browser,
}) => {
  const words = zhHant.memberPages.notifications;
  const member = await createMember({ username: '陳美玲' });
  await setBalances(member.id, { deposit_wallet: '2500.00' }, 'Opening balance');
  const page = await livePage(browser, member, '/zh-hant/user/notifications');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  const notice = page.getByRole('list', { name: words.listLabel }).getByRole('listitem').first();
  await expect(notice).toContainText('存入錢包已變動');
  await expect(notice).toContainText(
    'Liquid Capital將您的存入錢包由US$0.00更改為US$2,500.00：Opening balance',
  );
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await saveScreen(page, 'notifications-zh-hant-360.png', { fullPage: true });

  await gotoReady(page, '/zh-hant/user/activity');
  const activity = page.getByRole('list', { name: zhHant.memberPages.activity.listLabel });
  await expect(activity.getByRole('listitem').first()).toContainText('存入錢包已變動');
  await expect(activity.getByRole('listitem').first().locator('p').nth(2)).toContainText('Liquid Capital');
  expect(await layoutProblems(page)).toEqual([]);

  // The words are the reader's, not the notice's: the English page reads the same notice in English.
  await gotoReady(page, '/user/notifications');
  const english = page
    .getByRole('list', { name: 'Notifications, newest first' })
    .getByRole('listitem')
    .first();
  await expect(english).toContainText('Deposit Wallet changed');
  await expect(english).toContainText(
    'Liquid Capital changed your Deposit Wallet from $0.00 to $2,500.00: Opening balance',
  );
});
