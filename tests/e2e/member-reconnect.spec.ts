import { expect, test } from '@playwright/test';
import { createMember, setBalances, openSignedIn } from './support/users';

test('after the connection drops and returns, the dashboard catches up with changes made meanwhile', async ({
  page,
  context,
}) => {
  // realtime-js notices a dead socket by its heartbeat (every 25 s), so this takes up to a minute.
  test.setTimeout(150_000);
  const member = await createMember({ username: 'Rhea Reconnect' });
  await openSignedIn(page, member);
  const card = page.getByRole('listitem').filter({ hasText: 'Interest Wallet Balance' });
  await expect(card).toContainText('$0.00');
  await context.setOffline(true);
  await setBalances(member.id, { interest_wallet: '42.00' }, 'Changed while offline');
  // Committed, but an offline page cannot have heard it.
  await expect(card).toContainText('$0.00');
  await context.setOffline(false);
  await expect(card).toContainText('$42.00', { timeout: 90_000 });
});
