import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { adminSignIn, findUser, runTag, userRow } from './admin-helpers';
import { SERVICE_ROLE_KEY, supabaseUrl } from './support/env';
import { watchRealtime } from './support/realtime';
import { createAdmin, createMember, setBalances, signInThroughUi, type TestUser } from './support/users';

/**
 * Pages people leave open: the member dashboard and the admin users table, kept open across several
 * token refreshes (the test server hands out short-lived tokens meanwhile) and a realtime reconnect.
 * The number of open realtime channels must stay what it was, and updates must keep arriving.
 * Runs in its own Playwright project after the others, because the token lifetime is server-wide.
 */

/** supabase-js refreshes a token in its last 90 s, looking every 30 s: with 40 s tokens, every look. */
const JWT_EXPIRY_S = 40;
const DEFAULT_JWT_EXPIRY_S = 3600;
const REFRESHES = 3;

async function local(path: string): Promise<void> {
  const res = await fetch(`${supabaseUrl}/__local/${path}`, { headers: { apikey: SERVICE_ROLE_KEY } });
  expect(res.status, `/__local/${path}`).toBe(200);
}

test.beforeAll(async () => {
  await local(`auth-settings?jwt_expiry=${JWT_EXPIRY_S}`);
});
test.afterAll(async () => {
  await local(`auth-settings?jwt_expiry=${DEFAULT_JWT_EXPIRY_S}`);
});

/**
 * Counts what the page does on its realtime sockets (phx_join and phx_leave frames it sends, per
 * socket; a closed socket holds no channel) and the token refreshes it makes.
 */
function watchChannels(page: Page) {
  const joined = new Map<WebSocket, Set<string>>();
  let socketsOpened = 0;
  let refreshes = 0;
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/realtime/v1/websocket')) return;
    socketsOpened += 1;
    const topics = new Set<string>();
    joined.set(socket, topics);
    socket.on('framesent', ({ payload }) => {
      let frame: unknown;
      try {
        frame = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
      } catch {
        return;
      }
      if (!Array.isArray(frame)) return;
      const [, , topic, event] = frame as [unknown, unknown, string, string];
      if (event === 'phx_join') topics.add(topic);
      if (event === 'phx_leave') topics.delete(topic);
    });
    socket.on('close', () => joined.delete(socket));
  });
  page.on('response', (response) => {
    if (response.url().includes('/auth/v1/token?grant_type=refresh_token') && response.ok()) refreshes += 1;
  });
  return {
    openChannels: () => [...joined.values()].reduce((n, topics) => n + topics.size, 0),
    openSockets: () => joined.size,
    socketsOpened: () => socketsOpened,
    refreshes: () => refreshes,
  };
}

/**
 * Keeps `page` open through REFRESHES token refreshes and one dropped realtime connection, and
 * after each checks that the channel count is unchanged and that `update()` still shows up live.
 */
async function stayOpen(watch: ReturnType<typeof watchChannels>, update: () => Promise<void>) {
  // The page's joins reach the test as separate frame events, a moment apart on a busy machine: the
  // count is taken once the first update has arrived live and two readings half a second apart agree.
  await update();
  let previous = -1;
  await expect
    .poll(
      () => {
        const now = watch.openChannels();
        const settled = now > 0 && now === previous;
        previous = now;
        return settled;
      },
      { message: 'the page opened its channels', intervals: [500] },
    )
    .toBe(true);
  const channels = watch.openChannels();
  const refreshedBefore = watch.refreshes();
  for (let i = 1; i <= REFRESHES; i += 1) {
    await expect
      .poll(() => watch.refreshes(), { message: `token refresh ${i}`, timeout: 60_000 })
      .toBeGreaterThanOrEqual(refreshedBefore + i);
    await update();
    expect(watch.openChannels(), `channels after refresh ${i}`).toBe(channels);
    expect(watch.openSockets(), 'one realtime socket').toBe(1);
  }
  const opened = watch.socketsOpened();
  await local('realtime/drop');
  await expect
    .poll(() => watch.socketsOpened(), { message: 'realtime reconnects', timeout: 30_000 })
    .toBe(opened + 1);
  await expect.poll(() => watch.openChannels(), { message: 'channels rejoined' }).toBe(channels);
  await update();
  expect(watch.openChannels(), 'channels after the reconnect').toBe(channels);
  expect(watch.openSockets(), 'one realtime socket after the reconnect').toBe(1);
}

/** Sets a new Interest Wallet balance and waits until the page has heard it and shows it. */
function balanceUpdates(page: Page, member: TestUser, expectShown: (amount: string) => Promise<void>) {
  const realtime = watchRealtime(page);
  let cents = 100;
  return async () => {
    cents += 101;
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const heard = await realtime.nextChange('profiles', 'UPDATE');
    await setBalances(member.id, { interest_wallet: amount }, 'Page left open');
    await heard();
    await expectShown(amount);
  };
}

test('a member dashboard left open keeps its channels and its live balances', async ({ page }) => {
  test.setTimeout(240_000);
  const member = await createMember({ username: `open${runTag()}` });
  const watch = watchChannels(page);
  const update = balanceUpdates(page, member, (amount) =>
    expect(page.getByRole('listitem').filter({ hasText: 'Interest Wallet Balance' })).toContainText(
      `$${amount}`,
    ),
  );
  await signInThroughUi(page, member);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await stayOpen(watch, update);
});

test('an admin users table left open keeps its channels and its live rows', async ({ page }) => {
  test.setTimeout(240_000);
  const tag = runTag();
  const [admin, member] = await Promise.all([
    createAdmin({ username: `openadm${tag}` }),
    createMember({ username: `openrow${tag}` }),
  ]);
  const watch = watchChannels(page);
  const update = balanceUpdates(page, member, (amount) =>
    expect(userRow(page, member)).toContainText(`$${amount}`),
  );
  await adminSignIn(page, admin);
  await findUser(page, member);
  await stayOpen(watch, update);
});
