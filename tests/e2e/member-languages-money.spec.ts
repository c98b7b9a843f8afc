import { readFileSync } from 'node:fs';
import { testTxId } from '../support/tx-id';
import { expect, test } from '@playwright/test';
import { createMember, openSignedIn, serviceClient, setBalances } from './support/users';
import { addActiveAddress } from './support/addresses';
import { expectNoAxeViolations, layoutProblems } from './support/page-checks';
import { englishLeftIn } from './support/languages';
import { saveScreen } from './support/screens';
import ar from '../../src/i18n/catalogs/ar';
import zhHant from '../../src/i18n/catalogs/zh-hant';
import { runStatementJob } from '../../scripts/statements/job';
import { verifyStatementPdf } from '../../scripts/statements/sign';
import { backdate, monthBeforeLast } from './support/statements';

// The deposit, withdraw and statement pages in Arabic and Chinese (issue 36), walked as a member
// would: the wallets with their addresses intact and left to right, a deposit notice refused then
// filed in the page's language and listed with its state in words; a withdrawal refused, filed and
// cancelled in Chinese; an Arabic statement's periods, balances, lines and monthly statements. The
// member's own figures and ids are never reordered.

/** The months as an Arabic reader in the Gulf names them (written here, not taken from the code). */
const ARABIC_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
];
const LRI = '\u2066';
const PDI = '\u2069';

test('an Arabic member deposits: addresses intact, the notice refused and filed in Arabic, then listed', async ({
  page,
}) => {
  const words = ar.memberPages.deposit;
  const shell = ar.member;
  const member = await createMember({ username: 'خالد' });
  await openSignedIn(page, member, '/ar/user/deposit');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  await expect(page.getByText(words.instruction)).toBeVisible();

  const { data: wallets } = await serviceClient()
    .from('deposit_wallets')
    .select('wallet_name, address, enabled, asset')
    .eq('enabled', true)
    .order('id');
  const ethereum = (wallets ?? []).find((w) => w.wallet_name === 'Ethereum');
  expect(ethereum).toBeTruthy();
  const card = page.getByRole('article', { name: 'Ethereum', exact: true });
  // The address as it is, left to right, and the warning in Arabic around a ticker.
  const address = card.getByTestId('wallet-address');
  await expect(address).toHaveAttribute('dir', 'ltr');
  expect(((await address.textContent()) ?? '').replaceAll(' ', '')).toBe(ethereum?.address);
  await expect(card).toContainText(
    words.card.sendOnly.replace('{asset}', '\u2066ETH\u2069').replace('{network}', '\u2066Ethereum\u2069'),
  );
  await expect(card.getByRole('img', { name: words.card.qr.replace('{wallet}', 'Ethereum') })).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: words.card.copy.replace('{wallet}', 'Ethereum') }).click();
  await expect(card.getByText(words.card.copied)).toBeVisible();
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);

  await page.getByRole('button', { name: words.madeDeposit }).click();
  const dialog = page.getByRole('dialog', { name: words.madeDeposit });
  await expect(dialog).toContainText(
    shell.support.deposit.replace('{channels}', shell.support.channels.email),
  );
  await dialog.getByLabel(words.notice.asset).selectOption({ label: 'Ethereum' });
  const quantityLabel = words.notice.quantity.replace('{asset}', 'ETH');
  await dialog.getByRole('button', { name: words.notice.send }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    words.notice.quantityProblems.required.replace('{label}', quantityLabel),
  );
  await dialog.getByLabel(quantityLabel).fill('2.5');
  const txId = `0x${testTxId(`${member.id}-ar-deposit`)}`;
  await dialog.getByLabel(words.notice.txId).fill(txId.slice(0, 40));
  await dialog.getByRole('button', { name: words.notice.send }).click();
  await expect(dialog.getByRole('alert')).toHaveText(words.notice.txProblems.ethereum);
  expect(await englishLeftIn(dialog)).toEqual([]);
  await expectNoAxeViolations(page);
  await dialog.getByLabel(words.notice.txId).fill(txId);
  await dialog.getByRole('button', { name: words.notice.send }).click();
  await expect(page.getByText(words.notice.sent)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Listed with its state in Arabic; the quantity and the id keep their order.
  const list = page.getByRole('region', { name: shell.requests.noticesHeading });
  const item = list.getByRole('listitem').first();
  await expect(item).toContainText(shell.requests.noticeStatus.pending);
  await expect(item).toContainText('2.5 ETH');
  await expect(item.locator('code')).toHaveText(txId);
  await expect(item.locator('code')).toHaveAttribute('dir', 'ltr');
  await expect(item.getByRole('button', { name: `${shell.copy.copy} ${shell.copy.txId}` })).toBeVisible();
  await saveScreen(page, 'member/deposit-ar-1440.png', { fullPage: true });

  // The same notice refused as a duplicate: said in Arabic, not in the database's English.
  await page.getByRole('button', { name: words.madeDeposit }).click();
  await dialog.getByLabel(words.notice.asset).selectOption({ label: 'Ethereum' });
  await dialog.getByLabel(quantityLabel).fill('1');
  await dialog.getByLabel(words.notice.txId).fill(txId);
  await dialog.getByRole('button', { name: words.notice.send }).click();
  const { data: filed } = await serviceClient().from('deposit_notices').select('id').eq('user_id', member.id);
  await expect(dialog.getByRole('alert')).toHaveText(
    words.notice.refusals.duplicate.replace('{number}', String(filed?.[0]?.id)),
  );
});

for (const width of [360, 768]) {
  test(`the deposit page fits a ${width}px screen in Chinese and Arabic, the dialog included`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const member = await createMember({ username: '黃小明' });
    for (const [locale, words] of [
      ['zh-hant', zhHant.memberPages.deposit],
      ['ar', ar.memberPages.deposit],
    ] as const) {
      await openSignedIn(page, member, `/${locale}/user/deposit`);
      await expect(page.getByRole('heading', { name: words.walletsHeading })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Bitcoin', exact: true })).toContainText(
        words.card.address,
      );
      expect(await layoutProblems(page), `${locale} at ${width}px`).toEqual([]);
      await saveScreen(page, `member/deposit-${locale}-${width}.png`, { fullPage: true });
      await page.getByRole('button', { name: words.madeDeposit }).click();
      const dialog = page.getByRole('dialog', { name: words.madeDeposit });
      await expect(dialog.getByLabel(words.notice.asset)).toBeVisible();
      expect(await layoutProblems(page), `${locale} dialog at ${width}px`).toEqual([]);
      await saveScreen(page, `member/deposit-dialog-${locale}-${width}.png`);
      await page.keyboard.press('Escape');
    }
  });
}

test('a Chinese member withdraws: the form checks in Chinese, the request is listed and cancelled in Chinese', async ({
  page,
}) => {
  const words = zhHant.memberPages.withdraw;
  const shell = zhHant.member;
  const member = await createMember({ username: '李美玲' });
  await setBalances(member.id, { interest_wallet: '500.00' });
  await addActiveAddress(member, {
    walletId: 1,
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    label: '我的冷錢包',
  });
  await openSignedIn(page, member, '/zh-hant/user/withdraw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  await expect(
    page.getByText(shell.support.withdraw.replace('{channels}', shell.support.channels.email)),
  ).toBeVisible();
  const form = page.getByRole('form', { name: words.form.heading });
  const from = form.getByRole('group', { name: words.form.legend });
  await expect(
    from.getByRole('radio', { name: new RegExp(`^${shell.accounts.interest_wallet}`) }),
  ).toBeChecked();
  await expect(form.getByTestId('available-interest_wallet')).toHaveText('US$500.00');
  await form.getByLabel(words.form.asset).selectOption({ label: 'Bitcoin' });
  await expect(form.getByLabel(words.form.destination).locator('option')).toHaveText([
    /^我的冷錢包 · Bitcoin · bc1qw5…v8f3t4$/,
  ]);
  await form.getByLabel(words.form.amount).fill('600');
  await form.getByRole('button', { name: words.form.submit }).click();
  await expect(form.getByRole('alert')).toHaveText(
    words.problems.overAvailable
      .replace('{account}', shell.accounts.interest_wallet)
      .replace('{available}', 'US$500.00'),
  );
  await form.getByLabel(words.form.amount).fill('120');
  await form.getByRole('button', { name: words.form.submit }).click();
  await expect(page.getByText(words.form.sent)).toBeVisible();
  const item = page.getByRole('region', { name: shell.requests.heading }).getByRole('listitem').first();
  await expect(item).toContainText(`${shell.requests.withdrawal} · Bitcoin · US$120.00`);
  await expect(item).toContainText(shell.requests.withdrawalStatus.pending);
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  await expectNoAxeViolations(page);

  await item.getByRole('button', { name: shell.requests.cancel }).click();
  const dialog = page.getByRole('dialog', { name: shell.requests.cancelTitle });
  await expect(dialog).toContainText('US$120.00');
  await dialog.getByRole('button', { name: shell.requests.cancel }).click();
  await expect(page.getByText(shell.requests.cancelled)).toBeVisible();
  await expect(item).toContainText(shell.requests.withdrawalStatus.cancelled);
});

test('an Arabic member reads the statement: periods, balances, lines and monthly statements in Arabic, figures left to right', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const words = ar.memberPages.statement;
  const shell = ar.member;
  const { month, mid, first, last } = monthBeforeLast();
  const member = await createMember({ username: 'ليلى' });
  await serviceClient().from('profiles').update({ locale: 'ar' }).eq('id', member.id);
  await setBalances(member.id, { deposit_wallet: '1000.00', interest_wallet: '250.50' }, 'Opening balance');
  await backdate(member.id, mid);
  const log: string[] = [];
  const job = await runStatementJob(serviceClient(), { month, workers: 1, log: (line) => log.push(line) });
  expect(job.failed, log.join('\n')).toBe(0);
  // One line this month, its reason written by staff in Arabic.
  await setBalances(member.id, { interest_wallet: '300.00' }, 'تسوية الفوائد', 'error_correction');

  await openSignedIn(page, member, '/ar/user/statement');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  // This month: opened at what the closed months left, and now, each amount isolated left to right.
  const caption = page.locator('figcaption');
  await expect(caption).toContainText(`${LRI}1,250.50\u00a0US$${PDI}`);
  await expect(caption).toContainText(`${LRI}1,300.00\u00a0US$${PDI}`);
  expect(await caption.textContent()).toMatch(/^القيمة الإجمالية، /);

  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'تسوية الفوائد' });
  await expect(row).toContainText(`${words.kinds.correction} · تسوية الفوائد`);
  await expect(row).toContainText(shell.accounts.interest_wallet);
  await expect(row.locator('bdi[dir="ltr"]').first()).toHaveText('+49.50\u00a0US$');
  await expect(row.locator('bdi[dir="ltr"]').nth(1)).toHaveText('300.00\u00a0US$');

  // Custom dates: refused in Arabic when the last day comes first, then the closed month.
  const periodField = page.getByLabel(words.period.label, { exact: true });
  await periodField.selectOption({ label: words.period.choices.custom });
  await page.getByLabel(words.period.firstDay).fill(last);
  await page.getByLabel(words.period.lastDay).fill(first);
  await expect(page.getByText(words.period.problems.order)).toBeVisible();
  await page.getByLabel(words.period.firstDay).fill(first);
  await page.getByLabel(words.period.lastDay).fill(last);
  const deposit = page
    .getByRole('list', { name: words.balances.label })
    .getByRole('listitem')
    .filter({ hasText: shell.accounts.deposit_wallet });
  await expect(deposit.getByRole('definition').first()).toHaveText('0.00\u00a0US$');
  await expect(deposit.getByRole('definition').last()).toHaveText('1,000.00\u00a0US$');
  await expect(caption).toContainText(`${LRI}1,250.50\u00a0US$${PDI}`);
  expect(await caption.textContent()).toMatch(/في النهاية\.$/);

  // The closed month's statement, named in Arabic, its signed PDF downloaded.
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const monthName = `${ARABIC_MONTHS[monthNumber - 1]} ${year}`;
  const monthly = page.getByRole('region', { name: words.monthly.heading });
  await expect(monthly.getByText(monthName, { exact: true })).toBeVisible();
  const pdfButton = monthly.getByRole('button', {
    name: words.list.download.replace('{period}', monthName).replace('{kind}', 'PDF'),
  });
  const [download] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
  expect(verifyStatementPdf(readFileSync(await download.path())).commonName).toMatch(
    /Liquid Capital Limited/,
  );

  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  await expectNoAxeViolations(page);
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page), `ar statement at ${width}px`).toEqual([]);
    await saveScreen(page, `member/statement-ar-${width}.png`, { fullPage: true });
  }
  // On a phone each line is a card, its balance after the change still left to right.
  await page.setViewportSize({ width: 360, height: 900 });
  await periodField.selectOption({ label: words.period.choices.this_month });
  await expect(page.getByRole('listitem').filter({ hasText: 'تسوية الفوائد' })).toContainText(
    words.ledger.balanceAfterLine.replace('{amount}', `${LRI}300.00\u00a0US$${PDI}`),
  );
});
