import { testTxId } from '../support/tx-id';
import { expect, test, type Page } from '@playwright/test';
import { createMember, serviceClient, signedInClient, uniqueEmail, openSignedIn } from './support/users';
import { decodeQr } from './support/qr';

async function openDeposit(page: Page) {
  const member = await createMember({ username: 'Dora Deposit', email: uniqueEmail('deposit') });
  await openSignedIn(page, member, '/user/deposit');
  await expect(page).toHaveURL(/\/user\/deposit$/);
  await expect(page.getByRole('heading', { name: 'Wallet Addresses' })).toBeVisible();
  return member;
}

function walletCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

async function shownAddress(page: Page, name: string) {
  return ((await walletCard(page, name).getByTestId('wallet-address').textContent()) ?? '').replaceAll(
    ' ',
    '',
  );
}

test.describe('deposit page', () => {
  test('lists the open wallets with network, grouped address, QR and the member’s XRP tag; closed assets say so', async ({
    page,
  }) => {
    const member = await openDeposit(page);
    await expect(
      page.getByText(
        'Please copy the wallet address for your chosen asset and proceed with your investment deposit.',
      ),
    ).toBeVisible();
    const { data: wallets } = await serviceClient()
      .from('deposit_wallets')
      .select('wallet_name, address, enabled')
      .order('id');
    const enabled = (wallets ?? []).filter((w) => w.enabled);
    expect(enabled.length).toBeGreaterThan(0);
    // Every asset has a card; a closed one says so and shows no address, code or copy button.
    await expect(page.getByRole('article')).toHaveCount((wallets ?? []).length);
    for (const w of (wallets ?? []).filter((x) => !x.enabled)) {
      const closed = walletCard(page, w.wallet_name);
      await expect(closed).toContainText('Deposits for this asset are not open yet.');
      await expect(closed).not.toContainText(w.address);
      await expect(closed.getByTestId('wallet-address')).toHaveCount(0);
      await expect(closed.getByRole('img')).toHaveCount(0);
      await expect(closed.getByRole('button')).toHaveCount(0);
    }
    for (const w of enabled) {
      const cardEl = walletCard(page, w.wallet_name);
      await expect(cardEl).toContainText(/Send only \S+ on /);
      expect(await shownAddress(page, w.wallet_name)).toBe(w.address);
      const groups = ((await cardEl.getByTestId('wallet-address').textContent()) ?? '').split(' ');
      expect(groups.every((g) => g.length <= 4)).toBe(true);
      const code = cardEl.getByRole('img', { name: /QR code/ });
      await expect(code).toBeVisible();
      if (w.wallet_name !== 'Ripple') expect(await decodeQr(cardEl)).toBe(w.address);
      // Drawn as a white square and one path, not hundreds of nodes (what a phone lays out and paints).
      expect(await code.evaluate((svg) => [...svg.children].map((c) => c.tagName))).toEqual(['rect', 'path']);
    }
    await expect(walletCard(page, 'Tether (ETH)')).toContainText('Send only USDT on Ethereum (ERC-20)');
    const { data: profile } = await serviceClient()
      .from('profiles')
      .select('xrp_destination_tag')
      .eq('id', member.id)
      .single();
    const ripple = walletCard(page, 'Ripple');
    await expect(ripple.getByTestId('xrp-destination-tag')).toHaveText(String(profile?.xrp_destination_tag));
    const xrpAddress = enabled.find((w) => w.wallet_name === 'Ripple')?.address;
    // Scanning the XRP code gives the address and this member's own tag (XLS-2 "?dt="), nothing else.
    expect(await decodeQr(ripple)).toBe(`${xrpAddress}?dt=${profile?.xrp_destination_tag}`);
  });

  test('clicking a card copies its address and shows "Address Copied!" for 2 s', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDeposit(page);
    const card = walletCard(page, 'Bitcoin');
    const badge = card.getByText('Address Copied!');
    // Time the badge inside the page, where it is drawn (Playwright's own clock adds its latency).
    await page.evaluate(() => {
      const w = window as unknown as { badgeTimes: { shown?: number; hidden?: number } };
      w.badgeTimes = {};
      new MutationObserver(() => {
        const visible = [...document.querySelectorAll('span')].some(
          (s) => s.textContent === 'Address Copied!',
        );
        if (visible && w.badgeTimes.shown === undefined) w.badgeTimes.shown = performance.now();
        if (!visible && w.badgeTimes.shown !== undefined && w.badgeTimes.hidden === undefined)
          w.badgeTimes.hidden = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await card.getByRole('img').click();
    await expect(badge).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await shownAddress(page, 'Bitcoin'),
    );
    // Timed inside the page (above): shown for the spec's 2 s, then gone. The observer notes "shown"
    // when its callback runs, which a loaded 2-core machine delays by up to a few frames (CI saw
    // 1,897 ms), so the lower bound allows 200 ms; a badge that leaves early (1.5 s) still fails.
    await expect(badge).toBeHidden();
    const times = await page.evaluate(
      () => (window as unknown as { badgeTimes: { shown: number; hidden: number } }).badgeTimes,
    );
    expect(times.hidden - times.shown).toBeGreaterThanOrEqual(1800);
    expect(times.hidden - times.shown).toBeLessThan(2500);
    // Keyboard route: the card's Copy button.
    await page.getByRole('button', { name: 'Copy Tether (TRX-USDT) address' }).focus();
    await page.keyboard.press('Enter');
    await expect(walletCard(page, 'Tether (TRX-USDT)').getByText('Address Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await shownAddress(page, 'Tether (TRX-USDT)'),
    );
  });

  test('without a usable clipboard a prompt shows the address', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      });
    });
    await openDeposit(page);
    const prompted = new Promise<{ type: string; value: string }>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve({ type: dialog.type(), value: dialog.defaultValue() });
        void dialog.dismiss();
      }),
    );
    await walletCard(page, 'Ethereum').click();
    expect(await prompted).toEqual({ type: 'prompt', value: await shownAddress(page, 'Ethereum') });
    await expect(walletCard(page, 'Ethereum').getByText('Address Copied!')).toHaveCount(0);
  });

  test('an address that fails its network check is never shown or copyable', async ({ page }) => {
    // A tampered row (one character changed) as if the database had been altered.
    await page.route('**/rest/v1/rpc/member_deposit_wallets*', async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as { wallet_name: string; address: string }[];
      for (const row of rows) if (row.wallet_name === 'Bitcoin') row.address = `${row.address.slice(0, -1)}X`;
      await route.fulfill({ response, json: rows });
    });
    await openDeposit(page);
    const card = walletCard(page, 'Bitcoin');
    await expect(card).toContainText('This address is temporarily unavailable.');
    await expect(card.getByTestId('wallet-address')).toHaveCount(0);
    await expect(card.getByRole('button')).toHaveCount(0);
    await expect(card.getByRole('img')).toHaveCount(0);
  });

  test('"I\'ve made the deposit": support text, Escape, and a deposit notice with bad and good input', async ({
    page,
  }) => {
    const member = await openDeposit(page);
    const opener = page.getByRole('button', { name: "I've made the deposit" });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: "I've made the deposit" });
    await expect(dialog).toContainText('Please contact support by e-mail for assistance.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await expect(dialog).toBeHidden();

    await opener.click();
    await dialog.getByLabel('Asset').selectOption({ label: 'Ethereum' });
    // The notice asks for what was sent, in the asset: its label names it.
    const quantity = dialog.getByLabel('Quantity sent (ETH)');
    await expect(dialog.getByLabel('Amount (USD)')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Send deposit notice' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Quantity sent (ETH) is required.');
    await expect(quantity).toBeFocused();
    await expect(quantity).toHaveAccessibleDescription(
      /^Quantity sent \(ETH\) is required\. The amount of the asset you sent/,
    );
    // More decimals than the asset has: said in words, nothing sent.
    await quantity.fill('0.1234567890123456789');
    await dialog.getByRole('button', { name: 'Send deposit notice' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Quantity sent (ETH) can have at most 18 decimals: ETH is counted to 0.000000000000000001.',
    );
    await dialog.getByLabel('Asset').selectOption({ label: 'Bitcoin' });
    await dialog.getByLabel('Quantity sent (BTC)').fill('0.123456789');
    await dialog.getByRole('button', { name: 'Send deposit notice' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Quantity sent (BTC) can have at most 8 decimals: BTC is counted to 0.00000001.',
    );
    await dialog.getByLabel('Asset').selectOption({ label: 'Ethereum' });
    await quantity.fill('2.5');
    const txId = `0x${testTxId(`${member.id}-deposit`)}`;
    // A copied id with an invisible character: refused in the page, nothing sent.
    await dialog.getByLabel('Transaction ID').fill(`${txId}\u200b`);
    await dialog.getByRole('button', { name: 'Send deposit notice' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The transaction ID contains a space or an invisible character. Copy it again from the block explorer.',
    );
    await expect(dialog.getByLabel('Transaction ID')).toBeFocused();
    await dialog.getByLabel('Transaction ID').fill(txId.slice(0, 40));
    await dialog.getByRole('button', { name: 'Send deposit notice' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'That is not an Ethereum transaction ID: 0x and 64 characters 0-9 and a-f.',
    );
    await dialog.getByLabel('Transaction ID').fill(txId);
    await dialog.getByRole('button', { name: 'Send deposit notice' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deposit notice sent.' })).toBeVisible();
    await expect(dialog).toBeHidden();
    const { data } = await serviceClient()
      .from('deposit_notices')
      .select('quantity::text, amount, tx_id, status')
      .eq('user_id', member.id);
    expect(data).toEqual([
      { quantity: '2.500000000000000000', amount: null, tx_id: txId, status: 'pending' },
    ]);
    // The member's list on the page shows it: what was sent, and that it waits for review.
    const notices = page.getByRole('region', { name: 'Your deposit notices' });
    await expect(notices.getByRole('listitem').first()).toContainText('Deposit notice · Ethereum · 2.5 ETH');
    await expect(notices.getByRole('listitem').first()).toContainText('Pending review');

    // The form opens fresh each time: the member picks the network again.
    await opener.click();
    await dialog.getByLabel('Asset').selectOption({ label: 'Ethereum' });
    await dialog.getByLabel('Quantity sent (ETH)').fill('10');
    // The same transaction spelled another way (no 0x, capitals) is the member's duplicate.
    await dialog.getByLabel('Transaction ID').fill(txId.slice(2).toUpperCase());
    await dialog.getByRole('button', { name: 'Send deposit notice' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      /^You have already filed this transaction ID \(deposit notice #\d+\)\.$/,
    );
  });
  test('a member with 5 deposit notices waiting for review is told so in the dialog', async ({ page }) => {
    const member = await createMember({ username: 'Nora Notices', email: uniqueEmail('notices') });
    const client = await signedInClient(member);
    for (let i = 0; i < 5; i += 1) {
      const { error } = await client.rpc('file_deposit_notice', {
        p_wallet_id: 1,
        p_quantity: '0.01',
        p_tx_id: testTxId(`cap-${member.id}-${i}`),
      });
      expect(error).toBeNull();
    }
    await openSignedIn(page, member, '/user/deposit');
    await page.getByRole('button', { name: "I've made the deposit" }).click();
    const dialog = page.getByRole('dialog', { name: "I've made the deposit" });
    await dialog.getByLabel('Quantity sent (BTC)').fill('0.01');
    await dialog.getByLabel('Transaction ID').fill(testTxId(`cap-${member.id}-extra`));
    await dialog.getByRole('button', { name: 'Send deposit notice' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(
      'You already have 5 deposit notices waiting for review. Please wait until we have reviewed them.',
    );
    // Styled as an error (the shared in-page form problem style), not as a notice.
    await expect(alert).toHaveClass(/\bform-error\b/);
    await expect(dialog.getByLabel('Transaction ID')).toHaveValue(testTxId(`cap-${member.id}-extra`));
    const { count } = await serviceClient()
      .from('deposit_notices')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', member.id);
    expect(count).toBe(5);
  });
});
