/**
 * The deposit page in every language (issue 36): English says word for word what the shared rules
 * say (src/lib/assets.ts, transaction-ids.ts, wallets.ts), and every problem has its sentence in
 * every language, filled.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '~/i18n/text';
import { locales } from '~/i18n/locales';
import { quantityError } from '~/lib/assets';
import { txIdError } from '~/lib/transaction-ids';
import { networkName, sendOnlyText } from '~/lib/wallets';
import { fill } from '~/i18n/fill';
import { quantityMessage, txIdMessage } from '~/components/islands/member/DepositNoticeDialog';

const QUANTITIES = ['', '-1', '1,5', '0.123456789', '123456789012345678901', '0', '0.5'];
const TX_IDS = ['', 'a b', `0x${'a'.repeat(64)}`, 'abc', 'a'.repeat(64)];
const WALLETS = [
  { asset: 'BTC', network: 'bitcoin' },
  { asset: 'ETH', network: 'ethereum' },
  { asset: 'USDT', network: 'tron' },
  { asset: 'XRP', network: 'ripple' },
] as const;

describe('deposit words', () => {
  const en = catalog('en').memberPages.deposit;

  it('say in English what the shared rules say, for every problem', () => {
    for (const { asset, network } of WALLETS) {
      const label = fill(en.notice.quantity, { asset });
      for (const q of QUANTITIES)
        expect(quantityMessage(en.notice, q, asset)).toBe(quantityError(q, asset, label));
      for (const id of TX_IDS) expect(txIdMessage(en.notice, network, id)).toBe(txIdError(network, id));
      const sendOnly = fill(en.card.sendOnly, { asset, network: en.networks[networkName(network, asset)] });
      expect(sendOnly).toBe(sendOnlyText({ asset, network }));
    }
  });

  it('have a filled sentence for every problem in every language, values intact', () => {
    for (const locale of locales) {
      const words = catalog(locale).memberPages.deposit;
      for (const q of QUANTITIES.slice(0, 6)) {
        const message = quantityMessage(words.notice, q, 'BTC');
        expect(message, `${locale} ${q}`).toBeTruthy();
        expect(message).not.toMatch(/[{}]/);
      }
      expect(quantityMessage(words.notice, '0.123456789', 'BTC')).toContain('0.00000001');
      for (const id of TX_IDS.slice(0, 4)) {
        const message = txIdMessage(words.notice, 'bitcoin', id);
        expect(message, `${locale} ${id}`).toBeTruthy();
        expect(message).not.toMatch(/[{}]/);
      }
    }
    expect(quantityMessage(catalog('ar').memberPages.deposit.notice, '', 'BTC')).toBe(
      'الكمية المرسلة (BTC) مطلوبة.',
    );
    expect(txIdMessage(catalog('zh-hant').memberPages.deposit.notice, 'ripple', `0x${'a'.repeat(64)}`)).toBe(
      'XRP Ledger的交易編號沒有0x：請輸入其後的64個字元。',
    );
  });
});

describe('accessible names that extend a visible label', () => {
  it('begin with the words the button shows, in every language (WCAG 2.5.3)', () => {
    for (const locale of locales) {
      const { requests } = catalog(locale).member;
      expect(requests.cancelNamed.startsWith(requests.cancel), locale).toBe(true);
    }
  });
});
