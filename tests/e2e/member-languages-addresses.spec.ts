import { expect, test, type Page } from '@playwright/test';
import { createMember, latestMail, openSignedIn } from './support/users';
import { layoutProblems } from './support/page-checks';
import { englishLeftIn } from './support/languages';
import { saveScreen } from './support/screens';
import ar from '../../src/i18n/catalogs/ar';
import zhHant from '../../src/i18n/catalogs/zh-hant';

// The address book in Arabic and Chinese (issue 36), walked as a member would: a mistyped address
// refused in the page's words, the mailed code asked for and checked, the entry listed with its wait
// and state, then removed. The member's label is theirs, in their script; the address, the tag and
// the e-mail address keep their left-to-right order.

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const XRP = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const LRI = '\u2066';
const PDI = '\u2069';
const FSI = '\u2068';

async function fillForm(
  page: Page,
  words: typeof ar.memberPages.addresses,
  entry: { asset: string; address: string; label: string; tag?: string },
) {
  const form = page.getByRole('form', { name: words.add.heading });
  await form.getByLabel(words.add.asset).selectOption({ label: entry.asset });
  await form.getByLabel(words.add.address, { exact: true }).fill(entry.address);
  if (entry.tag !== undefined) await form.getByLabel(words.add.tag).fill(entry.tag);
  await form.getByLabel(words.add.label, { exact: true }).fill(entry.label);
  await form.getByRole('button', { name: words.add.submit }).click();
  return form;
}

test('an Arabic member adds an address with the mailed code, sees it waiting, and removes it', async ({
  page,
}) => {
  const words = ar.memberPages.addresses;
  const member = await createMember({ username: 'سارة' });
  await openSignedIn(page, member, '/ar/user/addresses');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  await expect(page.getByText(words.list.none)).toBeVisible();

  const label = 'محفظتي الباردة';
  const form = await fillForm(page, words, { asset: 'Bitcoin', address: `${BTC.slice(0, -1)}5`, label });
  await expect(form.getByRole('alert')).toHaveText(words.problems.invalid.replace('{network}', 'Bitcoin'));
  await expect(form.getByLabel(words.add.address, { exact: true })).toHaveAttribute('dir', 'ltr');

  const since = new Date(Date.now() - 1000).toISOString();
  await form.getByLabel(words.add.address, { exact: true }).fill(BTC);
  await form.getByRole('button', { name: words.add.submit }).click();
  await expect(page.getByTestId('step-up-prompt')).toHaveText(
    words.stepUp.email.replace('{email}', `${LRI}${member.email}${PDI}`),
  );
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  const code = page.getByLabel(words.stepUp.emailLabel);
  const mail = await latestMail(member.email, since);
  await code.fill(mail.token === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: words.stepUp.confirm }).click();
  await expect(page.getByRole('alert')).toHaveText(words.stepUp.failed);
  await code.fill(mail.token);
  await page.getByRole('button', { name: words.stepUp.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: words.add.added })).toBeVisible();

  const entry = page.getByTestId('address-entry').filter({ hasText: label });
  await expect(entry).toContainText(words.list.pending);
  await expect(entry).toContainText('BTC على شبكة Bitcoin');
  // "Usable from <moment> (in 23 h 59 min)", in Arabic, the moment on the Hong Kong clock.
  await expect(entry).toContainText(
    /قابل للاستخدام اعتبارًا من \d+ \S+ \d{4}، \d\d:\d\d \(بتوقيت هونغ كونغ\) \(بعد 2[34] ساعة و\d+ دقيقة\)/,
  );
  // The address as it is, every character in order.
  expect(((await entry.locator('code, [dir="ltr"]').first().textContent()) ?? '').replace(/\s/g, '')).toBe(
    BTC,
  );
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page), `ar addresses at ${width}px`).toEqual([]);
    await saveScreen(page, `member/addresses-ar-${width}.png`, { fullPage: true });
  }

  await entry.getByRole('button', { name: words.list.removeLabel.replace('{label}', label) }).click();
  const dialog = page.getByRole('dialog', { name: words.remove.title });
  await expect(dialog).toContainText(words.remove.text.replace('{label}', `${FSI}${label}${PDI}`));
  await dialog.getByRole('button', { name: words.remove.remove, exact: true }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: words.remove.removed.replace('{label}', `${FSI}${label}${PDI}`) }),
  ).toBeVisible();
  await expect(page.getByText(words.list.none)).toBeVisible();
});

test('a Chinese member is told in Chinese what is wrong with an XRP Ledger address', async ({ page }) => {
  const words = zhHant.memberPages.addresses;
  const member = await createMember();
  await openSignedIn(page, member, '/zh-hant/user/addresses');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
  const form = await fillForm(page, words, { asset: 'Ripple', address: XRP, label: '交易所', tag: '-1' });
  await expect(form.getByRole('alert')).toHaveText(words.problems.tag.replace('{max}', '4294967295'));
  await expect(form.getByLabel(words.add.tag)).toBeFocused();
  await form.getByLabel(words.add.label, { exact: true }).fill('');
  await form.getByLabel(words.add.tag).fill('12345');
  await form.getByRole('button', { name: words.add.submit }).click();
  await expect(form.getByRole('alert')).toHaveText(words.problems.label);
  expect(await englishLeftIn(page.getByRole('main'))).toEqual([]);
  await page.setViewportSize({ width: 360, height: 900 });
  expect(await layoutProblems(page), 'zh-hant addresses at 360px').toEqual([]);
});
