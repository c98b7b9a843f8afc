import { testTxId } from '../support/tx-id';
import { expect, test, type Page } from '@playwright/test';
import { runTag, openAsStaff } from './admin-helpers';
import {
  createAdmin,
  createMember,
  gotoReady,
  serviceClient,
  setBalances,
  signedInAdminClient,
  signedInClient,
  type TestUser,
  openSignedIn,
} from './support/users';
import { addActiveAddress } from './support/addresses';
import { layoutProblems, waitUntilSettled } from './support/page-checks';
import { saveScreen } from './support/screens';

// Every route, public, member and admin, at a phone, a tablet and a desktop width: nothing may scroll
// sideways and no control may be cut off by a container. The data is chosen to stress the layout: a
// 128-character transaction id, a long e-mail address and name, seven-figure balances. Each page is
// also saved as a screenshot under test-results/screens/<area>/ (git-ignored) for review when
// E2E_SCREENS=1 (support/screens.ts).

const WIDTHS = [360, 768, 1440] as const;

const PUBLIC_ROUTES = [
  '/',
  '/aboutus',
  '/loan',
  '/asset-management',
  '/getintouch',
  '/terms-of-service',
  '/privacy-policy',
  '/cookie-policy',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/auth/confirm',
  '/admin/login',
  '/admin/register',
  '/404',
];
const MEMBER_ROUTES = [
  '/user-dashboard',
  '/user/deposit',
  '/user/withdraw',
  '/user/plans',
  '/user/addresses',
  '/user/statement',
  '/user/security',
  '/user/notifications',
  '/user/activity',
  '/user/freeze',
  '/user/support',
];
const ADMIN_ROUTES = [
  '/admin/home',
  '/admin/users',
  '/admin/requests',
  '/admin/wallets',
  '/admin/admins',
  '/admin/messages',
  '/admin/approvals',
  '/admin/plans',
  '/admin/statements',
  '/admin/audit',
  '/admin/support',
];

/** A 128-character transaction id (the longest the database accepts), unique per worker. */
/** The longest id a notice holds: an Ethereum one, 0x and 64 hex digits. */
const longTxId = (tag: string) => `0x${testTxId(tag)}`;

let member: TestUser;
let admin: TestUser;
let txId: string;

// A fresh admin per test: an authenticator gives about three codes at once, then one per 30 s
// (a step is never accepted twice), so one admin shared by a file's sign-ins waits on the clock.
test.beforeEach(async () => {
  admin = await createAdmin({ username: `layout${runTag()}` });
});

test.beforeAll(async () => {
  const tag = runTag();
  txId = longTxId(tag);
  member = await createMember({
    username: `Maximiliana Featherstone ${tag}`,
    email: `maximiliana.featherstonehaugh-worthington.${tag}@example-investments.com`,
  });
  // Entries at one moment and later ones, so the chart has both a cluster and a spread.
  await setBalances(member.id, { interest_wallet: '1250000.00', deposit_wallet: '98765.43' }, 'Opening');
  await setBalances(member.id, { interest_wallet: '1312500.75', referral: '1234.56' }, 'Quarterly interest');
  const client = await signedInClient(member);
  const notice = await client.rpc('file_deposit_notice', {
    p_wallet_id: 2,
    p_quantity: '0.123456789012345678',
    p_tx_id: txId,
  });
  expect(notice.error).toBeNull();
  // Money leaves only to an address-book entry past its cooling-off.
  await addActiveAddress(member, { walletId: 2, address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' });
  const request = await client.rpc('file_withdrawal_request', {
    p_wallet_id: 2,
    p_account: 'interest_wallet',
    p_amount: '120',
    p_destination_address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  });
  expect(request.error).toBeNull();
  // Corrections awaiting approval (by another admin, so the viewer sees Approve and Reject), with
  // long texts on both sides.
  const proposer = await signedInAdminClient(await createAdmin({ username: `maker${tag}`, role: 'finance' }));
  for (const [account, amount] of [
    ['interest_wallet', '8687499.24'],
    ['total_invest', '1234567.89'],
  ] as const) {
    const proposal = await proposer.rpc('propose_correction', {
      p_user_id: member.id,
      p_account: account,
      p_amount: amount,
      p_category: 'error_correction',
      p_client_text: `Reclassification after the annual review of ${tag}`,
      p_internal_note: `Annual review ${tag}: ${'reclassified-after-the-custody-audit-'.repeat(3)}`,
      p_plan: account === 'total_invest' ? 'gold' : null,
    });
    expect(proposal.error).toBeNull();
  }
  // And a deposit-address change awaiting approval (the other kind of proposal, with a long value).
  const addressChange = await proposer.rpc('propose_staff_change', {
    p_kind: 'deposit_address',
    p_target: '1',
    p_payload: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', enabled: true },
    p_reason: `Move to the new cold wallet after the custody review of ${tag}`,
  });
  // Each width's setup proposes again, and other specs share the server: an address change already
  // awaiting approval (PT409) shows the same card, which is all this page needs.
  if (addressChange.error?.code !== 'PT409') expect(addressChange.error).toBeNull();
  const { error } = await serviceClient()
    .from('contact_messages')
    .insert({
      name: `Layout ${tag}`,
      email: `a.really.long.address.for.layout.${tag}@example-investments.com`,
      message: `https://example.com/${'a-long-unbroken-path-segment'.repeat(6)}`,
      identity: 'borrower',
    });
  expect(error).toBeNull();
});

async function checkRoute(page: Page, area: string, path: string, width: number) {
  await test.step(`${path} at ${width}px`, async () => {
    await gotoReady(page, path);
    await waitUntilSettled(page);
    const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
    await saveScreen(page, `${area}/${name}-${width}.png`, { fullPage: true });
    expect(await layoutProblems(page), `${path} at ${width}px`).toEqual([]);
  });
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Each test walks every route of its area (about a dozen pages, a screenshot and a check each):
    // on a busy 2-core CI machine that takes longer than one page's 60 s.
    test.describe.configure({ timeout: 240_000 });

    test(`public pages fit at ${width}px`, async ({ page }) => {
      for (const path of PUBLIC_ROUTES) await checkRoute(page, 'public', path, width);
    });

    test(`member pages fit at ${width}px`, async ({ page }) => {
      await openSignedIn(page, member);
      for (const path of MEMBER_ROUTES) await checkRoute(page, 'member', path, width);
      // The long transaction id is shown in full (wrapped), with a control to copy it.
      await gotoReady(page, '/user/withdraw');
      await waitUntilSettled(page);
      await expect(page.getByText(txId)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Copy transaction id' })).toBeVisible();
    });

    test(`admin pages fit at ${width}px`, async ({ page }) => {
      await openAsStaff(page, admin);
      for (const path of ADMIN_ROUTES) await checkRoute(page, 'admin', path, width);
      await gotoReady(page, '/admin/users');
      await page.getByLabel('Search users').fill(member.email);
      if (width >= 1024) {
        // Desktop: the table itself fits (no sideways scrolling inside it), and the e-mail is shown
        // whole: it wraps rather than being cut short (issue 35).
        const cell = page.getByRole('cell', { name: member.email, exact: true });
        await expect(cell).toHaveText(member.email);
        expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const scroller = page.locator('table').locator('xpath=..');
        const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      } else {
        // Phone and tablet: one card per user with all six balances, the corrections awaiting approval
        // and the controls in view.
        const card = page.getByRole('listitem', { name: member.username });
        await expect(card).toContainText('$1,312,500.75');
        await expect(card).toContainText('$98,765.43');
        await expect(card).toContainText('+$8,687,499.24 to Interest Wallet');
        await expect(card.getByRole('button', { name: `History of ${member.username}` })).toBeInViewport();
        await expect(
          card.getByRole('button', { name: `Credit / debit ${member.username}` }),
        ).toBeInViewport();
      }
    });
  });
}

test.describe('admin users on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a correction is proposed from the card layout, in a dialog that fits the phone', async ({ page }) => {
    const person = await createMember({ username: `phone${runTag()}` });
    await setBalances(person.id, { deposit_wallet: '40.00' });
    await openAsStaff(page, admin);
    await page.getByLabel('Search users').fill(person.email);
    const card = page.getByRole('listitem', { name: person.username });
    await expect(card).toContainText('$40.00');
    await expect(page.getByRole('table')).toHaveCount(0);

    await card.getByRole('button', { name: `Credit / debit ${person.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Credit / debit ${person.username}` });
    await dialog.getByLabel('Account').selectOption({ label: 'Deposit Wallet' });
    const amount = dialog.getByLabel('Amount (USD, signed)');
    await amount.fill('12.345');
    await dialog.getByRole('button', { name: 'Propose credit / debit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Amount must be a number with at most 2 decimals, with a minus sign to debit (for example -12.50).',
    );
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toBeFocused();
    expect(await layoutProblems(page)).toEqual([]);

    await amount.fill('4281.5');
    await dialog.getByLabel('Category').selectOption({ label: 'Goodwill' });
    await dialog.getByLabel('Text the client reads on their statement').fill('Phone correction');
    await dialog.getByRole('button', { name: 'Propose credit / debit' }).click();
    await expect(
      page.getByText(
        `Proposed a correction for ${person.username}: another finance admin or owner must approve it.`,
      ),
    ).toBeVisible();
    // The card keeps the stored value and shows the pending transfer under it, until another admin approves.
    await expect(card).toContainText('Awaiting approval');
    await expect(card).toContainText('+$4,281.50 to Deposit Wallet (Goodwill)');
    expect(await layoutProblems(page)).toEqual([]);

    const { data } = await serviceClient()
      .from('profiles')
      .select('deposit_wallet')
      .eq('id', person.id)
      .single();
    // PostgREST sends numeric columns as JSON numbers.
    expect((data as { deposit_wallet: number }).deposit_wallet).toBe(40);
  });
});
