import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/page-checks';
import {
  createAdmin,
  createMember,
  depositFor,
  gotoReady,
  latestMail,
  serviceClient,
  setBalances,
  signedInAdminClient,
  signedInClient,
  uniqueEmail,
  type TestUser,
  openSignedIn,
} from './support/users';
import { addActiveAddress } from './support/addresses';
import { saveScreen } from './support/screens';

/*
 * Plans and referrals as members use them (issue 33): the public card's "Choose Gold" through sign-in
 * to the plan form, a sign-up through a member's referral link, a subscription confirmed in the page
 * and accepted by finance, the referrer's bonus arriving live, a part redemption (refused below the
 * plan's minimum first) and the principal back in the Deposit Wallet; cancelling while pending; the
 * page at 360, 768 and 1440 px.
 */

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const subscribeForm = (page: Page) => page.getByRole('form', { name: 'Invest in a plan' });
const yourPlans = (page: Page) => page.getByRole('region', { name: 'Your plans' });
const heldPlan = (page: Page, name: string) =>
  yourPlans(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, level: 3 }) });
const card = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Balances' }).getByRole('listitem').filter({ hasText: label });

/** Chooses a plan, types the amount and opens the confirmation (the dialog it opens is returned). */
async function reviewInvestment(page: Page, plan: string, amount: string): Promise<Locator> {
  const form = subscribeForm(page);
  await form.getByLabel('Plan').selectOption(plan.toLowerCase());
  await form.getByLabel('Amount (USD)').fill(amount);
  await form.getByRole('button', { name: 'Review investment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your investment' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The open instruction (subscription or redemption) of a member, as finance finds it. */
async function pendingTransferId(userId: string, kind: 'subscription' | 'redemption'): Promise<number> {
  let id = 0;
  await expect
    .poll(async () => {
      const { data } = await serviceClient()
        .from('transfers')
        .select('id')
        .eq('user_id', userId)
        .eq('kind', kind)
        .eq('phase', 'pending')
        .order('id', { ascending: false })
        .limit(1);
      id = (data?.[0] as { id: number } | undefined)?.id ?? 0;
      return id;
    })
    .toBeGreaterThan(0);
  return id;
}

async function accept(finance: TestUser, transferId: number) {
  const client = await signedInAdminClient(finance);
  const { error } = await client.rpc('approve_transfer', { p_transfer_id: transferId });
  expect(error).toBeNull();
}

test.describe('plans', () => {
  test('"Choose Gold" on the public page leads through sign-in to the plan form with Gold chosen', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Gail Gold' });
    await gotoReady(page, '/asset-management');
    const plans = page.getByRole('region', { name: 'Choose your plan' });
    const gold = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gold' }) });
    // The card states the terms the database holds.
    await expect(gold).toContainText('Redemptions paid within 5 days');
    await expect(gold).toContainText('They are not guaranteed and can be zero.');
    await saveScreen(plans, `plans-public-1440.png`);
    await page.setViewportSize({ width: 360, height: 780 });
    await saveScreen(gold, `plans-public-gold-360.png`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await gold.getByRole('link', { name: 'Choose Gold' }).click();
    await page.waitForURL(`**/login?next=${encodeURIComponent('/user/plans?plan=gold')}`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/user/plans?plan=gold');
    const form = subscribeForm(page);
    await expect(form.getByLabel('Plan')).toHaveValue('gold');
    await expect(form.getByTestId('chosen-plan-terms')).toHaveText(
      'Minimum $5,000.00. Redemptions are paid within 5 days of your request.',
    );
    await expect(form.getByTestId('available-to-invest')).toHaveText('Available to invest: $0.00');
    // The plans' terms, as the database holds them.
    const terms = page.getByRole('region', { name: 'The plans and their terms' });
    await expect(terms.getByRole('heading', { level: 3 })).toHaveText([
      'Silver',
      'Gold',
      'Diamond',
      'Platinum',
    ]);
    await expect(terms.getByRole('listitem').filter({ hasText: 'Platinum' })).toContainText(
      'Redemptions are paid within 30 days of your request.',
    );
    // The sidebar leads here too.
    await expect(
      page.getByRole('navigation', { name: 'Member area navigation' }).getByRole('link', { name: 'Plans' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a member invited by referral link subscribes to Gold, finance accepts, the referrer is paid live, and a part redemption brings principal back to withdraw', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const finance = await createAdmin({ role: 'finance', username: 'Fiona Finance' });

    // The referrer's link, from the Referrals dialog.
    const referrer = await createMember({ username: 'Rita Referrer' });
    const referrerContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const referrerPage = await referrerContext.newPage();
    await openSignedIn(referrerPage, referrer);
    await referrerPage
      .getByRole('navigation', { name: 'Member area navigation' })
      .getByRole('button', { name: 'Referrals' })
      .click();
    const referrals = referrerPage.getByRole('dialog', { name: 'Referrals 5%' });
    await expect(referrals).toContainText(
      'Get a 5% referral bonus when your referral makes an investment with us.',
    );
    const linkField = referrals.getByLabel('Your referral link');
    await expect(linkField).toHaveValue(/\/register\?ref=[A-Z0-9]+$/);
    await expect(linkField).toHaveAttribute('readonly', '');
    const link = await linkField.inputValue();
    expect(new URL(link).origin).toBe(new URL(referrerPage.url()).origin);
    await referrals.getByRole('button', { name: 'Copy link' }).click();
    await expect(referrerPage.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await referrerPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(referrals.getByTestId('referred-count')).toHaveText('0');
    await expect(referrals.getByTestId('referral-earned')).toHaveText('$0.00');
    await referrals.getByRole('button', { name: 'Okay' }).click();

    // A new member registers through it and confirms by the mailed link.
    const email = uniqueEmail('referred');
    const password = 'a-good-password';
    await gotoReady(page, new URL(link).pathname + new URL(link).search);
    const code = new URL(link).searchParams.get('ref') ?? '';
    await expect(page.getByTestId('referral-notice')).toHaveText(
      `You were invited by a member (referral code ${code}): your sign-up will be linked to their referral. If no member has this code, you are registered without one.`,
    );
    await page.getByLabel('Username').fill('Nico Newcomer');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
    const mail = await latestMail(email);
    await page.goto(mail.link);
    await page.waitForURL('**/user-dashboard');
    await expect(page.getByText('Hello, Nico Newcomer')).toBeVisible();
    const { data: profile } = await serviceClient()
      .from('profiles')
      .select('id, referred_by')
      .eq('email', email)
      .single();
    const row = profile as { id: string; referred_by: string | null };
    expect(row.referred_by).toBe(referrer.id);
    const member: TestUser = { id: row.id, email, password, username: 'Nico Newcomer' };

    // A deposit worth $6,000.00, valued by one admin and credited by another.
    await depositFor(member, { quantity: '0.1', rate: '60000' });
    await referrerPage.goto('/user-dashboard');
    await expect(card(referrerPage, 'Referral Earnings')).toContainText('$0.00');

    // Subscribe to Gold: the form, then the summary of the terms, then pending.
    await page.goto('/user/plans');
    const form = subscribeForm(page);
    await expect(form.getByTestId('available-to-invest')).toHaveText('Available to invest: $6,000.00');
    const dialog = await reviewInvestment(page, 'Gold', '5500');
    await expect(dialog).toContainText('Gold');
    await expect(dialog).toContainText('$5,500.00');
    await expect(dialog).toContainText('Redemptions are paid within 5 days of your request.');
    await expect(dialog).toContainText('They are not guaranteed and can be zero.');
    await expect(dialog).toContainText('you may get back less than you invested');
    await expect(dialog).toContainText(
      'Your investment is pending until our finance team accepts it; you can cancel it until then.',
    );
    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Investment recorded.' })).toBeVisible();
    await expect(dialog).toBeHidden();
    const gold = heldPlan(page, 'Gold');
    await expect(gold).toContainText(/Investment of \$5,500\.00, pending since/);
    await expect(gold).toContainText('Not accepted yet');
    await expect(gold.getByTestId('principal-gold')).toHaveText('$0.00');
    await expect(form.getByTestId('available-to-invest')).toHaveText('Available to invest: $500.00');

    // Finance accepts: the principal shows live, and the referrer's bonus arrives live on their page.
    await accept(finance, await pendingTransferId(member.id, 'subscription'));
    await expect(gold.getByTestId('principal-gold')).toHaveText('$5,500.00');
    await expect(gold).not.toContainText('pending since');
    await expect(gold).toContainText(/Since \d{1,2} \w{3} \d{4}/);
    await expect(card(referrerPage, 'Referral Earnings')).toContainText('$275.00');
    await card(referrerPage, 'Referral Earnings').click();
    await expect(referrals.getByTestId('referral-earned')).toHaveText('$275.00');
    await expect(referrals.getByTestId('referred-count')).toHaveText('1');
    await referrals.getByRole('button', { name: 'Okay' }).click();

    // The dashboard's plans section and Total Invest.
    await page.goto('/user-dashboard');
    const summary = page.getByRole('region', { name: 'Your plans' });
    await expect(summary.getByRole('listitem').filter({ hasText: 'Gold' })).toContainText('$5,500.00');
    await expect(summary.getByRole('listitem').filter({ hasText: 'Gold' })).toContainText(
      'No pending instruction',
    );
    await expect(card(page, 'Total Invest')).toContainText('$5,500.00');
    await summary.getByRole('link', { name: 'Invest or redeem' }).click();
    await page.waitForURL('**/user/plans');

    // Redeem a part: first one that would leave less than the minimum, refused by the database.
    await gold.getByRole('button', { name: 'Redeem from Gold' }).click();
    const redeem = page.getByRole('form', { name: 'Redeem from Gold' });
    await expect(redeem).toContainText('Redemptions are paid within 5 days of your request.');
    await expect(redeem).toContainText('A part redemption must leave at least $5,000.00 in the Gold plan.');
    await redeem.getByLabel('Part of it').check();
    await redeem.getByLabel('Amount (USD)').fill('1000');
    await redeem.getByRole('button', { name: 'Request redemption' }).click();
    await expect(redeem.getByRole('alert')).toHaveText(
      'A part redemption must leave at least $5,000.00 in the Gold plan: redeem $500.00 or less, or all of it ($5,500.00).',
    );
    await expect(redeem.getByLabel('Amount (USD)')).toBeFocused();
    await expect(redeem.getByLabel('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    await redeem.getByLabel('Amount (USD)').fill('500');
    await redeem.getByRole('button', { name: 'Request redemption' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Redemption requested.' })).toBeVisible();
    await expect(gold).toContainText(/Redemption of \$500\.00, pending since/);

    // Finance accepts: the principal is back in the Deposit Wallet, available to invest or withdraw.
    await accept(finance, await pendingTransferId(member.id, 'redemption'));
    await expect(gold.getByTestId('principal-gold')).toHaveText('$5,000.00');
    await expect(form.getByTestId('available-to-invest')).toHaveText('Available to invest: $1,000.00');
    await page.goto('/user-dashboard');
    await expect(card(page, 'Deposit Wallet')).toContainText('$1,000.00');
    await expect(card(page, 'Total Invest')).toContainText('$5,000.00');

    // And withdrawable: a request from the Deposit Wallet reserves the redeemed principal at once.
    await addActiveAddress(member, { walletId: 1, address: BTC_DESTINATION, label: 'My BTC wallet' });
    await page.goto('/user/withdraw');
    const withdraw = page.getByRole('form', { name: 'Request a withdrawal' });
    await expect(withdraw.getByTestId('available-deposit_wallet')).toHaveText('$1,000.00');
    await withdraw.getByLabel('Asset').selectOption({ label: 'Bitcoin' });
    await withdraw.getByLabel('Amount (USD)').fill('1000');
    await withdraw.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Withdrawal request sent.' })).toBeVisible();
    await expect(withdraw.getByTestId('available-deposit_wallet')).toHaveText('$0.00');
    await referrerContext.close();
  });

  test('refusals show the database message next to the form; a pending investment can be cancelled', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Cass Cancel' });
    await setBalances(member.id, { deposit_wallet: '800.00' });
    await openSignedIn(page, member, '/user/plans');
    const form = subscribeForm(page);
    await expect(form.getByTestId('available-to-invest')).toHaveText('Available to invest: $800.00');

    // The browser's own checks first: a plan, and an amount that is one.
    await form.getByRole('button', { name: 'Review investment' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose a plan.');
    await expect(form.getByLabel('Plan')).toBeFocused();

    // Below the minimum: the database's sentence, the amount to fix focused.
    let dialog = await reviewInvestment(page, 'Silver', '499.99');
    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'The Silver plan starts at $500.00: enter at least that amount.',
    );
    await expect(form.getByLabel('Amount (USD)')).toBeFocused();
    await expect(form.getByLabel('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    // More than the Deposit Wallet has available.
    dialog = await reviewInvestment(page, 'Silver', '900');
    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    await expect(form.getByRole('alert')).toHaveText(/^Not enough in Deposit Wallet/);

    // A double click on Confirm records one instruction.
    dialog = await reviewInvestment(page, 'Silver', '600');
    await dialog.getByRole('button', { name: 'Confirm investment' }).dblclick();
    await expect(page.getByRole('status').filter({ hasText: 'Investment recorded.' })).toBeVisible();
    const silver = heldPlan(page, 'Silver');
    await expect(silver.getByRole('button', { name: /^Cancel investment/ })).toHaveCount(1);
    await expect(form.getByTestId('available-to-invest')).toHaveText('Available to invest: $200.00');
    const { count } = await serviceClient()
      .from('transfers')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', member.id)
      .eq('kind', 'subscription');
    expect(count).toBe(1);

    // Cancel while pending: the reservation is released.
    await silver.getByRole('button', { name: 'Cancel investment of $600.00 in Silver' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Instruction cancelled.' })).toBeVisible();
    await expect(yourPlans(page)).toContainText('You have no plan yet.');
    await expect(form.getByTestId('available-to-invest')).toHaveText('Available to invest: $800.00');
  });

  test('a referral link without a code is said to be invalid and left out; a code nobody has records no referrer', async ({
    page,
  }) => {
    const signUp = async (username: string, email: string) => {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a-good-password');
      await page.getByRole('checkbox').check();
      const request = page.waitForRequest((req) => req.url().includes('/auth/v1/signup'));
      await page.getByRole('button', { name: 'Sign Up' }).click();
      const body = (await request).postDataJSON() as { data: Record<string, unknown> };
      await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
      return body.data;
    };
    // Not a code at all: said so, and nothing goes with the sign-up.
    await gotoReady(page, '/register?ref=not-a-code!');
    await expect(page.getByTestId('referral-notice')).toHaveText(
      'This referral link is not valid. You can still register.',
    );
    expect(await signUp('Ivy Invalid', uniqueEmail('invalid-ref'))).toEqual({
      username: 'Ivy Invalid',
      display_name: 'Ivy Invalid',
      locale: 'en',
    });
    // A code of the right shape goes with it (visitors cannot ask the database whether it is a
    // member's); one that names nobody is ignored there.
    await gotoReady(page, '/register?ref=zzzz2222');
    await expect(page.getByTestId('referral-notice')).toContainText('referral code ZZZZ2222');
    const email = uniqueEmail('unknown-ref');
    expect(await signUp('Uma Unknown', email)).toEqual({
      username: 'Uma Unknown',
      display_name: 'Uma Unknown',
      locale: 'en',
      referral_code: 'ZZZZ2222',
    });
    const { data } = await serviceClient().from('profiles').select('referred_by').eq('email', email).single();
    expect(data).toEqual({ referred_by: null });
  });

  test('/user/plans at 360, 768 and 1440 px: no sideways scroll, no axe violation', async ({ page }) => {
    test.setTimeout(180_000);
    const member = await createMember({ username: 'Maximilian Longname-Wolfeschlegelsteinhausen' });
    // Seven-figure amounts, principal in Gold (the correction names it) and a pending Diamond investment.
    await setBalances(member.id, { deposit_wallet: '1234567.89', total_invest: '1250000.00' });
    const client = await signedInClient(member);
    const { error } = await client.rpc('subscribe_to_plan', {
      p_plan: 'diamond',
      p_amount: '1000000.00',
      p_request_key: 'layoutscreenshot01',
    });
    expect(error).toBeNull();
    await openSignedIn(page, member, '/user/plans?plan=gold');
    for (const width of [360, 768, 1440]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await page.goto('/user/plans?plan=gold');
      await expect(heldPlan(page, 'Diamond')).toContainText('Investment of $1,000,000.00');
      await expect(
        page.getByRole('region', { name: 'The plans and their terms' }).getByRole('listitem'),
      ).toHaveCount(4);
      await heldPlan(page, 'Gold').getByRole('button', { name: 'Redeem from Gold' }).click();
      await expect(page.getByRole('form', { name: 'Redeem from Gold' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await saveScreen(page, `plans-${width}.png`, { fullPage: true });
      // The confirmation dialog at this width.
      const dialog = await reviewInvestment(page, 'Gold', '5000');
      await saveScreen(page, `plans-confirm-${width}.png`);
      await dialog.getByRole('button', { name: 'Back' }).click();
      await expect(dialog).toBeHidden();

      // The dashboard's plans section, and the referral dialog with the member's link.
      await page.goto('/user-dashboard');
      const summary = page.getByRole('region', { name: 'Your plans' });
      await expect(summary.getByRole('listitem').filter({ hasText: 'Gold' })).toContainText('$1,250,000.00');
      await expect(summary.getByRole('listitem').filter({ hasText: 'Diamond' })).toContainText(
        '1 pending instruction',
      );
      const dashboardOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(dashboardOverflow, `dashboard scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      await saveScreen(page, `plans-dashboard-${width}.png`, { fullPage: true });
      await card(page, 'Referral Earnings').click();
      const referrals = page.getByRole('dialog', { name: 'Referrals 5%' });
      await expect(referrals.getByLabel('Your referral link')).toHaveValue(/\/register\?ref=/);
      await expectNoAxeViolations(page);
      await saveScreen(page, `plans-referrals-${width}.png`);
      await page.keyboard.press('Escape');
      await expect(referrals).toBeHidden();
    }
  });
});
