import { expect, test } from '@playwright/test';
import { watchRealtime } from './support/realtime';
import { createMember, setBalances, openSignedIn } from './support/users';

test('after the connection drops and returns, the dashboard catches up with changes made meanwhile', async ({
  page,
  context,
}) => {
  // realtime-js notices a dead socket by its heartbeat (every 25 s), so this takes up to a minute.
  test.setTimeout(150_000);
  const realtime = watchRealtime(page);
  const member = await createMember({ username: 'Rhea Reconnect' });
  await openSignedIn(page, member);
  const card = page.getByRole('listitem').filter({ hasText: 'Interest Wallet Balance' });
  await expect(card).toContainText('$0.00');
  // The live feed is open (it starts once the page is idle): this test is about losing it.
  await realtime.joinedTo('profiles');
  await context.setOffline(true);
  await setBalances(member.id, { interest_wallet: '42.00' }, 'Changed while offline');
  // Committed, but an offline page cannot have heard it.
  await expect(card).toContainText('$0.00');
  await context.setOffline(false);
  await expect(card).toContainText('$42.00', { timeout: 90_000 });
});

test('a dashboard that went offline before its live feed could load catches up once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The page opens its live feed at its first idle moment; hold that moment so the connection can
  // drop first, as on a phone that loses signal right after the page appears.
  await page.addInitScript(() => {
    const held: Array<() => void> = [];
    let released = false;
    Object.assign(window, {
      requestIdleCallback: (work: () => void) => (released ? setTimeout(work, 0) : held.push(work)),
      cancelIdleCallback: () => {},
      // The idle moment comes: what waited runs, and what asks later runs at once.
      releaseIdle: () => {
        released = true;
        held.splice(0).forEach((work) => work());
      },
    });
  });
  const member = await createMember({ username: 'Omar Offline' });
  await openSignedIn(page, member);
  const card = page.getByRole('listitem').filter({ hasText: 'Interest Wallet Balance' });
  await expect(card).toContainText('$0.00');
  await context.setOffline(true);
  // The feed's code cannot load now: the member is told, and the last values stay.
  await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
  await expect(
    page.getByRole('status').filter({ hasText: 'Reconnecting… balances will refresh.' }),
  ).toBeVisible();
  await setBalances(member.id, { interest_wallet: '42.00' }, 'Changed while offline');
  await expect(card).toContainText('$0.00');
  await context.setOffline(false);
  await expect(card).toContainText('$42.00', { timeout: 30_000 });
  await expect(page.getByText('Reconnecting… balances will refresh.')).toBeHidden();
});
