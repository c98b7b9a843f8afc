/**
 * The deposit page in every language (issue 36): English says word for word what the shared rules
 * say (src/lib/assets.ts, transaction-ids.ts, wallets.ts), and every problem has its sentence in
 * every language, filled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog } from '~/i18n/text';
import { locales } from '~/i18n/locales';
import { quantityError } from '~/lib/assets';
import { canonicalTxId, txIdError, txIdProblemKind } from '~/lib/transaction-ids';
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

describe('transaction ids in one spelling per network (src/lib/transaction-ids.ts)', () => {
  const hex = '0123456789abcdefABCDEF'.repeat(3).slice(0, 64);

  it('writes each network’s id in its canonical case, with or without the 0x it allows', () => {
    expect(canonicalTxId('bitcoin', hex)).toBe(hex.toLowerCase());
    expect(canonicalTxId('ripple', hex)).toBe(hex.toUpperCase());
    expect(canonicalTxId('ethereum', hex)).toBe(`0x${hex.toLowerCase()}`);
    expect(canonicalTxId('ethereum', `0X${hex}`)).toBe(`0x${hex.toLowerCase()}`);
    expect(canonicalTxId('tron', hex)).toBe(hex.toLowerCase());
    expect(canonicalTxId('tron', `0x${hex}`)).toBe(hex.toLowerCase());
    // Bitcoin and the XRP Ledger write no 0x: theirs is refused, and says why.
    for (const network of ['bitcoin', 'ripple'] as const) {
      for (const prefix of ['0x', '0X']) {
        expect(canonicalTxId(network, `${prefix}${hex}`)).toBeNull();
        expect(txIdProblemKind(network, `${prefix}${hex}`)).toBe('no0x');
      }
    }
  });

  it('trims only ASCII spaces, tabs and line breaks around an id, CR and LF alike', () => {
    for (const around of [' ', '\t', '\n', '\r\n', '\r', ' \r\n\t ']) {
      expect(canonicalTxId('bitcoin', `${around}${hex}${around}`)).toBe(hex.toLowerCase());
    }
    for (const invisible of ['\u00a0', '\u200b', '\ufeff', '\u3000']) {
      expect(canonicalTxId('bitcoin', `${invisible}${hex}`)).toBeNull();
      expect(txIdProblemKind('bitcoin', `${invisible}${hex}`)).toBe('invisible');
    }
  });

  it('calls any space inside an id, ASCII or not, a space or an invisible character', () => {
    for (const inside of [' ', '\t', '\u00a0', '\u200b']) {
      const id = `${hex.slice(0, 32)}${inside}${hex.slice(32)}`;
      for (const network of ['bitcoin', 'ethereum', 'tron', 'ripple'] as const) {
        expect(canonicalTxId(network, id)).toBeNull();
        expect(txIdProblemKind(network, id)).toBe('invisible');
      }
    }
    expect(txIdProblemKind('bitcoin', '   ')).toBe('required');
    expect(txIdProblemKind('bitcoin', 'abc')).toBe('format');
    expect(txIdProblemKind('ethereum', 'abc')).toBe('ethereum');
  });

  it('gives every id one spelling: any case and any allowed 0x give the same canonical form', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: 64, maxLength: 64 }),
        fc.constantFrom('bitcoin', 'ethereum', 'tron', 'ripple'),
        (chars, network) => {
          const id = chars.join('');
          const canonical = canonicalTxId(network, id);
          expect(canonical).not.toBeNull();
          expect(canonicalTxId(network, id.toLowerCase())).toBe(canonical);
          expect(canonicalTxId(network, id.toUpperCase())).toBe(canonical);
          expect(canonicalTxId(network, canonical!)).toBe(canonical);
        },
      ),
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
