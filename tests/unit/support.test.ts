import fc from 'fast-check';
import { countIntlBuilt } from '../support/intl-count';
import { describe, expect, it } from 'vitest';
import {
  alternatives,
  depositSupportText,
  supportChannels,
  supportChannelsIn,
  withdrawSupportText,
  type SupportOptions,
} from '~/config/support-text';
import { catalog, fill } from '~/i18n/text';
import { localeInfo, locales } from '~/i18n/locales';
import { supportChannelList } from '~/config/support';
import { SUPPORT_EMAIL, telHref } from '~/config/site';

const chat = { propertyId: 'prop', widgetId: 'w1' };
const placeholder = { toFill: 'phone' };

describe('support copy names only the channels that exist', () => {
  it('says e-mail alone while there is no chat and the phone is a placeholder', () => {
    expect(supportChannels({ chat: undefined, phone: placeholder })).toBe('by e-mail');
    expect(depositSupportText({ chat: undefined, phone: placeholder })).toBe(
      'Please contact support by e-mail for assistance.',
    );
    expect(withdrawSupportText({ chat: undefined, phone: placeholder })).not.toMatch(/chat/);
  });

  it('adds the phone once filled and the chat once configured', () => {
    expect(supportChannels({ chat: undefined, phone: '+852 2123 4567' })).toBe('by e-mail or phone');
    expect(supportChannels({ chat, phone: '+852 2123 4567' })).toBe('by live chat, e-mail or phone');
    expect(supportChannels({ chat, phone: placeholder })).toBe('by live chat or e-mail');
  });

  it('lists the chat only when configured, and links the phone only when filled', () => {
    const none = supportChannelList({ chat: undefined, phone: placeholder });
    expect(none.map((c) => c.kind)).toEqual(['email', 'phone']);
    expect(none[0]?.link?.href).toBe(`mailto:${SUPPORT_EMAIL}?subject=Support%20request`);
    expect(none[1]?.link).toBeUndefined();
    const all = supportChannelList({ chat, phone: '+852 2123 4567' });
    expect(all.map((c) => c.kind)).toEqual(['chat', 'email', 'phone']);
    expect(all[0]?.link).toMatchObject({ href: 'https://tawk.to/chat/prop/w1', external: true });
    expect(all[2]?.link?.href).toBe('tel:+85221234567');
    expect(telHref('+852 (2) 123-4567')).toBe('tel:+85221234567');
  });
});

describe('the support sentences in each language', () => {
  const every: SupportOptions[] = [
    { chat: undefined, phone: placeholder },
    { chat: undefined, phone: '+852 2123 4567' },
    { chat, phone: placeholder },
    { chat, phone: '+852 2123 4567' },
  ];

  it("are English's sentences word for word in English, for every set of channels", () => {
    const { support } = catalog('en').member;
    for (const options of every) {
      const channels = supportChannelsIn('en', support.channels, options);
      expect(fill(support.deposit, { channels })).toBe(depositSupportText(options));
      expect(fill(support.withdraw, { channels })).toBe(withdrawSupportText(options));
    }
  });

  it('list the channels as each language lists alternatives, naming only those that exist', () => {
    const list = (locale: 'zh-hant' | 'ar', options: SupportOptions) =>
      supportChannelsIn(locale, catalog(locale).member.support.channels, options);
    expect(list('zh-hant', every[0]!)).toBe('電郵');
    expect(list('zh-hant', every[3]!)).toBe('即時通訊、電郵或電話');
    expect(list('ar', every[1]!)).toBe('البريد الإلكتروني أو الهاتف');
    expect(list('ar', every[3]!)).toBe('الدردشة المباشرة أو البريد الإلكتروني أو الهاتف');
  });
});

describe('alternatives, written out', () => {
  it('are what Intl.ListFormat writes for each language’s tag, for one to six items of any words', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }),
        (locale, items) => {
          expect(alternatives(locale, items)).toBe(
            new Intl.ListFormat(localeInfo[locale].intl, { type: 'disjunction' }).format(items),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('build no Intl.ListFormat (the count sees one built on purpose)', () => {
    expect(
      countIntlBuilt('ListFormat', () => locales.forEach((locale) => alternatives(locale, ['a', 'b', 'c']))),
    ).toBe(0);
    expect(countIntlBuilt('ListFormat', () => new Intl.ListFormat('en-GB').format(['a', 'b']))).toBe(1);
  });
});
