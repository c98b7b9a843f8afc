import { testTxId } from '../support/tx-id';
import { expect, test } from '@playwright/test';
import { createMember, openSignedIn, serviceClient } from './support/users';
import { expectNoAxeViolations, layoutProblems } from './support/page-checks';
import { englishLeftIn } from './support/languages';
import { saveScreen } from './support/screens';
import ar from '../../src/i18n/catalogs/ar';
import zhHant from '../../src/i18n/catalogs/zh-hant';

// The deposit page in Arabic and Chinese (issue 36), walked as a member would: the wallets with their
// addresses intact and left to right, a deposit notice refused then filed in the page's language, and
// the notice listed with its state in words; the member's own figures and ids never reordered.

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
