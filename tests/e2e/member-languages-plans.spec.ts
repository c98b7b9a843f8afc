import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, layoutProblems } from './support/page-checks';
import {
  createAdmin,
  createMember,
  gotoReady,
  openSignedIn,
  serviceClient,
  setBalances,
  signedInAdminClient,
  signedInClient,
} from './support/users';
import { englishLeftIn } from './support/languages';
import { saveScreen } from './support/screens';
import ar from '../../src/i18n/catalogs/ar';
import zhHant from '../../src/i18n/catalogs/zh-hant';
import { fill } from '../../src/i18n/fill';
import { plansPageWords } from '../../src/i18n/member/plans-page';

// /user/plans in Arabic and Chinese (issue 36), as a member uses it: the plans named and their
// published terms in the language, the form's checks and the database's refusals in the page's
// words, an investment recorded, listed and cancelled, and the dashboard naming the plan the same
// way. Amounts keep their left-to-right order inside the Arabic sentences.

const LRI = '\u2066';
const PDI = '\u2069';

function form(page: Page, heading: string) {
  return page.getByRole('form', { name: heading });
}

test('an Arabic member reads the plans, is refused below the minimum, invests, sees it pending, and cancels', async ({
  page,
}) => {
  test.slow();
  const words = plansPageWords('ar');
  const member = await createMember({ username: 'مريم' });
  await setBalances(member.id, { deposit_wallet: '800.00' }, 'Opening balance');
  await openSignedIn(page, member, '/ar/user/plans');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  const subscribe = form(page, words.subscribe.heading);
  await expect(subscribe.getByTestId('available-to-invest')).toHaveText(
    fill(words.subscribe.available, { amount: `${LRI}800.00\u00a0US$${PDI}` }),
  );

  // Every plan's terms in Arabic: its name, the notice period in Arabic plural, the published texts.
  const terms = page.getByRole('region', { name: words.terms.heading });
  const silver = terms.locator('[data-plan="silver"]');
  await expect(silver.getByRole('heading')).toHaveText('الخطة الفضية');
  await expect(silver).toContainText(words.plans.silver!.risk);
  await expect(silver).toContainText('تُدفع مبالغ الاسترداد خلال 5 أيام من طلبكم.');
  await expect(silver.locator('bdi')).toHaveText('500.00\u00a0US$');
  await expect(terms.locator('[data-plan="platinum"]')).toContainText('خلال 30 يومًا');

  // The browser's own check, then the database's refusal below the minimum, in Arabic.
  await subscribe.getByRole('button', { name: words.subscribe.review }).click();
  await expect(subscribe.getByRole('alert')).toHaveText(words.problems.plan);
  await subscribe.getByLabel(words.subscribe.plan).selectOption('silver');
  await expect(subscribe.getByTestId('chosen-plan-terms')).toContainText(`${LRI}500.00\u00a0US$${PDI}`);
  await subscribe.getByLabel(words.subscribe.amount).fill('499.99');
  await subscribe.getByRole('button', { name: words.subscribe.review }).click();
  let dialog = page.getByRole('dialog', { name: words.confirm.title });
  await expect(dialog).toContainText('الخطة الفضية');
  await expect(dialog.locator('bdi').first()).toHaveText('499.99\u00a0US$');
  expect(await englishLeftIn(dialog)).toEqual([]);
  await dialog.getByRole('button', { name: words.confirm.button }).click();
  await expect(subscribe.getByRole('alert')).toHaveText(
    fill(words.refusals.belowMinimum, { plan: 'الخطة الفضية', minimum: `${LRI}500.00\u00a0US$${PDI}` }),
  );
  await expect(subscribe.getByLabel(words.subscribe.amount)).toBeFocused();

  // A valid amount: recorded, listed under the member's plans as pending, in Arabic.
  await subscribe.getByLabel(words.subscribe.amount).fill('600');
  await subscribe.getByRole('button', { name: words.subscribe.review }).click();
  dialog = page.getByRole('dialog', { name: words.confirm.title });
  await dialog.getByRole('button', { name: words.confirm.button }).click();
  await expect(page.getByRole('status').filter({ hasText: words.subscribe.recorded })).toBeVisible();
  const yours = page.getByRole('region', { name: ar.member.plans.heading });
  const held = yours.locator('[data-plan="silver"]');
  await expect(held.getByRole('heading')).toHaveText('الخطة الفضية');
  await expect(held).toContainText(words.yours.notAccepted);
  const pending = held.getByRole('list', { name: fill(words.yours.pendingLabel, { plan: 'الخطة الفضية' }) });
  await expect(pending).toContainText(`استثمار بمبلغ ${LRI}600.00\u00a0US$${PDI}، قيد الانتظار منذ`);
  await expect(subscribe.getByTestId('available-to-invest')).toContainText('200.00\u00a0US$');
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);

  await page.setViewportSize({ width: 360, height: 800 });
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await saveScreen(page, 'plans-ar-360.png', { fullPage: true });

  // The dashboard names the plan the same way.
  await gotoReady(page, '/ar/user-dashboard');
  const summary = page.getByRole('region', { name: ar.member.plans.heading });
  await expect(summary.locator('[data-plan="silver"] h3')).toHaveText('الخطة الفضية');

  // Cancel while pending: the reservation is released, said in Arabic.
  await gotoReady(page, '/ar/user/plans');
  await page
    .getByRole('button', {
      name: fill(words.yours.cancelLabel.subscription, {
        amount: `${LRI}600.00\u00a0US$${PDI}`,
        plan: 'الخطة الفضية',
      }),
    })
    .click();
  await expect(page.getByRole('status').filter({ hasText: words.yours.cancelled })).toBeVisible();
  await expect(yours).toContainText(ar.member.plans.noPlansYet);
});

test('a Chinese member reads the plans in Chinese and is told in Chinese what the form needs', async ({
  page,
}) => {
  const words = plansPageWords('zh-hant');
  const member = await createMember({ username: '黃志明' });
  await setBalances(member.id, { deposit_wallet: '100.00' }, 'Opening balance');
  await openSignedIn(page, member, '/zh-hant/user/plans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhHant.memberPages.plans.heading);
  const gold = page.getByRole('region', { name: words.terms.heading }).locator('[data-plan="gold"]');
  await expect(gold.getByRole('heading')).toHaveText('黃金計劃');
  await expect(gold).toContainText(words.plans.gold!.description);
  await expect(gold).toContainText('贖回款項於您提出申請後5天內支付。');

  const subscribe = form(page, words.subscribe.heading);
  await subscribe.getByLabel(words.subscribe.plan).selectOption('silver');
  await subscribe.getByLabel(words.subscribe.amount).fill('1.234');
  await subscribe.getByRole('button', { name: words.subscribe.review }).click();
  await expect(subscribe.getByRole('alert')).toHaveText(words.problems.notAmount);
  // More than the Deposit Wallet has: the database refuses, the page says it in Chinese.
  await subscribe.getByLabel(words.subscribe.amount).fill('600');
  await subscribe.getByRole('button', { name: words.subscribe.review }).click();
  await page
    .getByRole('dialog', { name: words.confirm.title })
    .getByRole('button', { name: words.confirm.button })
    .click();
  await expect(subscribe.getByRole('alert')).toHaveText(words.refusals.notEnough);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await saveScreen(page, 'plans-zh-hant-360.png', { fullPage: true });
});

test('an Arabic member redeems part of a plan: the rule and the refusal in Arabic, the amounts intact', async ({
  page,
}) => {
  test.slow();
  const words = plansPageWords('ar');
  const gold = ar.member.plans.names.gold;
  const finance = await createAdmin({ role: 'finance' });
  const member = await createMember({ username: 'يوسف' });
  await setBalances(member.id, { deposit_wallet: '6000.00' }, 'Opening balance');
  // $5,500.00 in Gold, accepted by finance.
  const { error } = await (
    await signedInClient(member)
  ).rpc('subscribe_to_plan', { p_plan: 'gold', p_amount: '5500', p_request_key: 'arabicredeem0001' });
  expect(error).toBeNull();
  const { data } = await serviceClient()
    .from('transfers')
    .select('id')
    .eq('user_id', member.id)
    .eq('kind', 'subscription')
    .eq('phase', 'pending')
    .single();
  const approved = await (
    await signedInAdminClient(finance)
  ).rpc('approve_transfer', { p_transfer_id: (data as { id: number }).id });
  expect(approved.error).toBeNull();

  await openSignedIn(page, member, '/ar/user/plans');
  const held = page.getByRole('region', { name: ar.member.plans.heading }).locator('[data-plan="gold"]');
  await expect(held.getByTestId('principal-gold')).toHaveText('5,500.00\u00a0US$');
  await held.getByRole('button', { name: fill(words.yours.redeemOpen, { plan: gold }) }).click();
  const redeem = page.getByRole('form', { name: fill(words.redeem.heading, { plan: gold }) });
  await expect(redeem).toContainText(
    fill(words.redeem.rules, {
      notice: 'تُدفع مبالغ الاسترداد خلال 5 أيام من طلبكم.',
      minimum: `${LRI}5,000.00\u00a0US$${PDI}`,
      plan: gold,
    }),
  );
  await expect(
    redeem.getByLabel(fill(words.redeem.all, { amount: `${LRI}5,500.00\u00a0US$${PDI}` })),
  ).toBeVisible();

  // A part that would leave less than the minimum: the database refuses, the page says it in Arabic.
  await redeem.getByLabel(words.redeem.part).check();
  const amount = redeem.getByLabel(words.subscribe.amount);
  await amount.fill('1000');
  await redeem.getByRole('button', { name: words.redeem.button }).click();
  await expect(redeem.getByRole('alert')).toHaveText(
    fill(words.refusals.leaveMinimum, { minimum: `${LRI}5,000.00\u00a0US$${PDI}`, plan: gold }),
  );
  await expect(amount).toBeFocused();
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await saveScreen(page, 'plans-redeem-ar-360.png', { fullPage: true });

  await amount.fill('500');
  await redeem.getByRole('button', { name: words.redeem.button }).click();
  await expect(page.getByRole('status').filter({ hasText: words.redeem.recorded })).toBeVisible();
  await expect(
    held.getByRole('list', { name: fill(words.yours.pendingLabel, { plan: gold }) }),
  ).toContainText(`استرداد بمبلغ ${LRI}500.00\u00a0US$${PDI}، قيد الانتظار منذ`);
});

test('"Choose Gold" on the Chinese public page leads through Chinese sign-in to the Chinese plan form with Gold chosen', async ({
  page,
}) => {
  const words = plansPageWords('zh-hant');
  const auth = zhHant.authForm;
  const member = await createMember();
  await gotoReady(page, '/zh-hant/asset-management');
  const choose = page.getByRole('link', { name: `選擇${zhHant.member.plans.names.gold}` });
  await expect(choose).toHaveAttribute('href', '/zh-hant/user/plans?plan=gold');
  await choose.click();
  await page.waitForURL(`**/zh-hant/login?next=${encodeURIComponent('/zh-hant/user/plans?plan=gold')}`);
  await page.getByLabel(auth.email).fill(member.email);
  await page.getByLabel(auth.password, { exact: true }).fill(member.password);
  await page.getByRole('button', { name: auth.signIn }).click();
  await page.waitForURL('**/zh-hant/user/plans?plan=gold');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  await expect(
    page.getByRole('form', { name: words.subscribe.heading }).getByLabel(words.subscribe.plan),
  ).toHaveValue('gold');
});
