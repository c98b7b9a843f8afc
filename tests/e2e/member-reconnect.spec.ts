import { expect, test } from '@playwright/test';
import { layoutProblems } from './support/page-checks';
import { watchRealtime } from './support/realtime';
import { saveScreen } from './support/screens';
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

test('a dashboard whose live feed cannot load while online asks the member to reload, and is live after the reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The live feed's code (the channel's wiring, loaded with realtime-js on first use) fails to load
  // although the browser is online (a dropped response, a proxy): Chromium then keeps that module
  // failed for the page's life, so retrying cannot help.
  const feedCode = /\/_astro\/realtime-channel\.[^/]*\.js$/;
  let blocked = 0;
  await page.route(feedCode, (route) => {
    blocked += 1;
    return route.abort('connectionreset');
  });
  const member = await createMember({ username: 'Rita Reload' });
  await openSignedIn(page, member);
  const card = page.getByRole('listitem').filter({ hasText: 'Interest Wallet Balance' });
  await expect(card).toContainText('$0.00');
  // Tried at once, then 2 and 4 s later: after the third failure the member is told what to do.
  const stalled = page
    .getByRole('status')
    .filter({ hasText: 'Live updates have stopped. Reload the page to see your latest balances.' });
  await expect(stalled).toBeVisible({ timeout: 20_000 });
  expect(blocked).toBeGreaterThan(0);
  await expect(page.getByText('Reconnecting… balances will refresh.')).toHaveCount(0);
  await expect(card).toContainText('$0.00');
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await layoutProblems(page)).toEqual([]);
  // The longer header keeps the bell whole: a 44 px circle, not squeezed by the words beside it.
  const bell = await page.locator('a[data-feed]').boundingBox();
  expect([Math.round(bell?.width ?? 0), Math.round(bell?.height ?? 0)]).toEqual([44, 44]);
  await saveScreen(page, 'member/live-stalled-360.png');

  await page.unroute(feedCode);
  await stalled.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.locator('a[data-feed="live"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(stalled).toHaveCount(0);
  await setBalances(member.id, { interest_wallet: '42.00' }, 'Changed after the reload');
  await expect(card).toContainText('$42.00');
});
