import { expect, test, type Page } from '@playwright/test';
import { runTag, openAsStaff } from './admin-helpers';
import { expectNoAxeViolations } from './support/page-checks';
import { createAdmin, createMember, serviceClient, signedInAdminClient } from './support/users';

/**
 * The work queue (issue 35): /admin/home starts with what waits for the signed-in staff member, each
 * count a link to its page, live while the page is open; the sidebar shows the same counts as badges
 * whose accessible names carry the number ("Approvals 3 waiting").
 */

/** The number on a work-queue card (its link is named "<count> <label>"). */
async function queueCount(page: Page, label: string): Promise<number> {
  const card = page.getByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
  await expect(card).toBeVisible();
  return Number(((await card.textContent()) ?? '').match(/^\d+/)?.[0]);
}

type QueueColumn = 'awaiting_me' | 'unread_messages';

/**
 * Waits until a card, its sidebar badge and the database (admin_work_queue as the signed-in person)
 * give one count, and returns it. Other tests propose, approve and write in at the same time, so a
 * count is checked against the database's, never against a number remembered earlier.
 */
async function countAgrees(
  page: Page,
  readDatabase: (column: QueueColumn) => Promise<number>,
  card: string,
  badge: string,
  column: QueueColumn,
): Promise<number> {
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  let agreed = -1;
  await expect
    .poll(async () => {
      const expected = await readDatabase(column);
      const shown = await queueCount(page, card);
      const badgeLink = nav.getByRole('link', { name: new RegExp(`^${badge}( \\d+ waiting)?$`) });
      const badgeName = (await badgeLink.getAttribute('aria-label')) ?? (await badgeLink.textContent()) ?? '';
      const badgeCount = Number(badgeName.match(/(\d+) waiting/)?.[1] ?? 0);
      agreed = shown === expected && badgeCount === expected ? expected : -1;
      return agreed;
    })
    .toBeGreaterThanOrEqual(0);
  return agreed;
}

test('the home page counts what waits, live, and the sidebar badges say the same', async ({ page }) => {
  const tag = runTag();
  const proposer = await createAdmin({ role: 'finance', username: `Proposer ${tag}` });
  const approver = await createAdmin({ role: 'finance', username: `Approver ${tag}` });
  const member = await createMember({ username: `Queue member ${tag}` });

  // The approver's own view of the queue, from the client that enrolled their authenticator.
  const approverDb = await signedInAdminClient(approver);
  const readDatabase = async (column: QueueColumn) => {
    const { data, error } = await approverDb.rpc('admin_work_queue').single<Record<QueueColumn, number>>();
    if (error) throw new Error(error.message);
    return data[column];
  };

  await openAsStaff(page, approver);
  await expect(page.getByRole('heading', { name: 'Work queue', level: 2 })).toBeVisible();
  await countAgrees(page, readDatabase, 'Proposals awaiting me', 'Approvals', 'awaiting_me');
  await countAgrees(page, readDatabase, 'Unread messages', 'Messages', 'unread_messages');

  // A second finance admin proposes a correction: the approver's count follows without a reload.
  const client = await signedInAdminClient(proposer);
  const { error } = await client.rpc('propose_correction', {
    p_user_id: member.id,
    p_account: 'interest_wallet',
    p_amount: '250.00',
    p_category: 'goodwill',
    p_client_text: `Work queue test ${tag}`,
  });
  expect(error).toBeNull();
  expect(
    await countAgrees(page, readDatabase, 'Proposals awaiting me', 'Approvals', 'awaiting_me'),
  ).toBeGreaterThan(0);

  // A visitor writes in: the unread count and the Messages badge follow.
  const sent = await serviceClient()
    .from('contact_messages')
    .insert({ name: `Visitor ${tag}`, email: `visitor-${tag}@example.com`, message: 'Hello, a question' });
  expect(sent.error).toBeNull();
  expect(
    await countAgrees(page, readDatabase, 'Unread messages', 'Messages', 'unread_messages'),
  ).toBeGreaterThan(0);

  await expectNoAxeViolations(page);

  // Every label fits inside its card, two lines at most, on a wide screen and on a phone.
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const cards = page.getByRole('heading', { name: 'Work queue' }).locator('xpath=..').getByRole('listitem');
    await expect(cards).toHaveCount(5);
    for (const card of await cards.all()) {
      const fits = await card
        .locator(':scope > *')
        .evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth);
      expect(fits, `${await card.textContent()} at ${width} px`).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Each count links to its page; reading the messages clears this person's unread count (and only
  // a message written after that could bring it back).
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await page.getByRole('link', { name: /^\d+ Unread messages$/ }).click();
  await page.waitForURL('**/admin/messages');
  await expect(page.getByRole('heading', { name: `Visitor ${tag}` })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  // The page marks them seen once its list is shown (a call of its own, so wait for it).
  await expect.poll(() => readDatabase('unread_messages')).toBe(0);
  await nav.getByRole('link', { name: /^Home/ }).click();
  await page.waitForURL('**/admin/home');
  await countAgrees(page, readDatabase, 'Unread messages', 'Messages', 'unread_messages');
  await page.getByRole('link', { name: /^\d+ Proposals awaiting me$/ }).click();
  await page.waitForURL('**/admin/approvals');
});

test('support sees the queue without the approvals link, and nothing awaits them', async ({ page }) => {
  const support = await createAdmin({ role: 'support' });
  await openAsStaff(page, support);
  await expect(page.getByText('0 Proposals awaiting me')).toBeVisible();
  await expect(page.getByRole('link', { name: /Proposals awaiting me/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^\d+ Withdrawal requests pending$/ })).toBeVisible();
});
