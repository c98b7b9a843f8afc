/**
 * The languages (issue 36): addresses per language, the catalogs and the page copy complete in every
 * language, plurals as each language counts, and the legal texts and redirects that go with them.
 * The completeness tests check kinds, not examples: every key, every placeholder, every list length,
 * every link and figure, every string in the language's own script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  defaultLocale,
  localeInfo,
  localePath,
  locales,
  splitLocale,
  toLocale,
  type Locale,
} from '~/i18n/locales';
import { catalog, fill, plural, type PluralForms } from '~/i18n/text';
import { aboutContent, assetManagementContent, homeContent, loanContent } from '~/content/pages';
import { translatedRoutes, localHref, routes } from '~/config/navigation';
import { formatDate } from '~/lib/date-time';
import { formatDateIn } from '~/lib/date-time-in-language';
import { CONTACT_MESSAGES, contactProblem } from '~/lib/contact-messages';
import { AUTH_MESSAGES, emailProblem, shownMessage, signInProblem, signUpProblem } from '~/lib/auth-rules';
import { authWords } from '~/i18n/auth-words';

const others = locales.filter((l) => l !== defaultLocale);

/** A string in the language's own script (a translation, not an English copy left behind). */
const script: Record<Exclude<Locale, 'en'>, RegExp> = {
  'zh-hant': /[\u4e00-\u9fff]/,
  ar: /[\u0600-\u06ff]/,
};

/** Every string leaf of a value, with where it sits ("hero.title", "stats[1].label"). */
function leaves(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${at}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, at ? `${at}.${key}` : key));
  return [];
}

/** The shape of a value: keys and list lengths, with every string replaced by its placeholders. */
function shape(value: unknown): unknown {
  if (typeof value === 'string') return [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, shape(v)]),
    );
  return typeof value;
}

describe('addresses per language', () => {
  it("puts English at today's addresses and the others under their prefix", () => {
    expect(localePath('en', '/loan')).toBe('/loan');
    expect(localePath('ar', '/loan')).toBe('/ar/loan');
    expect(localePath('zh-hant', '/')).toBe('/zh-hant');
    expect(localePath('ar', '/asset-management#plans')).toBe('/ar/asset-management#plans');
    expect(localePath('zh-hant', '/?a=1')).toBe('/zh-hant?a=1');
    // Already in a language: moved, not prefixed twice.
    expect(localePath('en', '/ar/loan')).toBe('/loan');
    expect(localePath('zh-hant', '/ar/loan')).toBe('/zh-hant/loan');
    expect(localePath('ar', '/ar')).toBe('/ar');
    // What is not a site path passes through.
    for (const href of ['#top', 'mailto:a@b.c', 'https://t.me/x', '//cdn.example/x', 'loan'])
      expect(localePath('ar', href)).toBe(href);
  });

  it('reads the language back from every address it makes, for every public page', () => {
    for (const locale of locales) {
      for (const route of translatedRoutes) {
        const address = localePath(locale, route);
        expect(splitLocale(address)).toEqual({ locale, path: route });
      }
    }
    // A path that only starts like a prefix is English.
    expect(splitLocale('/arabic-markets')).toEqual({ locale: 'en', path: '/arabic-markets' });
    expect(splitLocale('/en/loan')).toEqual({ locale: 'en', path: '/en/loan' });
    expect(toLocale('fr')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
    expect(toLocale('ar')).toBe('ar');
  });

  it('links to the same language only where that page is translated', () => {
    expect(localHref('ar', routes.loan)).toBe('/ar/loan');
    expect(localHref('ar', '/asset-management#plans')).toBe('/ar/asset-management#plans');
    expect(localHref('ar', routes.login)).toBe('/ar/login');
    // The pages mailed links land on are translated; the portal's links stay as they are for now.
    expect(localHref('ar', '/reset-password')).toBe('/ar/reset-password');
    expect(localHref('zh-hant', '/user/plans?plan=gold')).toBe('/user/plans?plan=gold');
  });

  it('declares each language as BCP 47 and writes Arabic right to left with Latin digits', () => {
    expect(localeInfo.en).toMatchObject({ htmlLang: 'en', dir: 'ltr' });
    expect(localeInfo['zh-hant']).toMatchObject({ htmlLang: 'zh-Hant', dir: 'ltr' });
    expect(localeInfo.ar).toMatchObject({ htmlLang: 'ar', dir: 'rtl' });
    for (const locale of locales) {
      expect(new Intl.NumberFormat(localeInfo[locale].intl).format(1234567.5)).toMatch(
        /^[\d,.\s\u200f\u066c]+$/,
      );
      expect(new Intl.NumberFormat(localeInfo[locale].intl).format(1234567.5)).toMatch(/1.?234.?567/);
    }
  });
});

describe('filling and counting', () => {
  it('fills every placeholder and refuses a sentence with a hole', () => {
    expect(fill('Choose {plan}', { plan: 'Gold' })).toBe('Choose Gold');
    expect(fill('© {year} {name}.', { year: 2026, name: 'X' })).toBe('© 2026 X.');
    expect(() => fill('Choose {plan}', {})).toThrow(/No value for \{plan\}/);
  });

  it("picks the plural form each language uses, at every boundary of Arabic's six", () => {
    const en: PluralForms = { one: '{count} day', other: '{count} days' };
    expect([0, 1, 2].map((n) => plural('en', n, en))).toEqual(['0 days', '1 day', '2 days']);
    const ar: PluralForms = {
      zero: 'z{count}',
      one: 'o{count}',
      two: 't{count}',
      few: 'f{count}',
      many: 'm{count}',
      other: 'x{count}',
    };
    const cases: [number, string][] = [
      [0, 'z0'],
      [1, 'o1'],
      [2, 't2'],
      [3, 'f3'],
      [10, 'f10'],
      [11, 'm11'],
      [99, 'm99'],
      [100, 'x100'],
      [102, 'x102'],
      [103, 'f103'],
    ];
    for (const [n, text] of cases) expect(plural('ar', n, ar)).toBe(text);
    // A language with one form uses `other`; digits stay Latin in Arabic.
    expect(plural('zh-hant', 1, { other: '{count} 日' })).toBe('1 日');
    expect(plural('ar', 1000, { other: '{count}' })).toBe('1,000');
  });

  it('writes a legal date as each language does, on the Hong Kong day', () => {
    // 23:30 UTC on 1 Nov is 2 Nov in Hong Kong.
    const instant = '2026-11-01T23:30:00Z';
    expect(formatDate(instant)).toBe('2 Nov 2026');
    expect(formatDateIn('zh-hant', instant)).toBe('2026年11月2日');
    expect(formatDateIn('ar', instant).replace(/\u200f/g, '')).toMatch(/^2 نوفمبر 2026$/);
  });
});

describe('the catalogs', () => {
  it("have English's keys, list lengths and placeholders in every language", () => {
    const english = shape(catalog('en'));
    for (const locale of others) expect(shape(catalog(locale)), locale).toEqual(english);
  });

  it("hold the language's own words, never an English copy or an empty string", () => {
    for (const locale of others) {
      for (const { at, text } of leaves(catalog(locale))) {
        expect(text.trim(), `${locale} ${at}`).not.toBe('');
        // Template and names: the firm's name is written in Latin everywhere.
        if (at === 'document.titleTemplate') continue;
        // Networks are proper names, written as they write themselves ("XRP Ledger", "TRON (TRC-20)").
        if (/\.(networks|walletNetworks)\.\w+$/.test(at) && /^[A-Z][\w ()-]*$/.test(text)) continue;
        expect(text, `${locale} ${at}: ${text}`).toMatch(script[locale as Exclude<Locale, 'en'>]);
      }
    }
  });
});

describe('the contact form in every language', () => {
  it("says in English what the form's own module says (one wording, two places)", () => {
    const { sent, failed, fillRequired, invalidEmail } = catalog('en').contactForm;
    expect({ sent, failed, fillRequired, invalidEmail }).toEqual(CONTACT_MESSAGES);
  });

  it("checks the fields in the page's language", () => {
    for (const locale of locales) {
      const words = catalog(locale).contactForm;
      expect(contactProblem({ name: '', email: 'a@b.co', message: 'x' }, words)).toEqual({
        message: words.fillRequired,
        fields: ['name'],
      });
      expect(contactProblem({ name: 'A', email: 'nope', message: 'x' }, words)?.message).toBe(
        words.invalidEmail,
      );
    }
  });
});

describe('the sign-in, sign-up and reset forms in every language', () => {
  it("say in English exactly what src/lib/auth-rules.ts says, the password's length filled in", () => {
    expect(authWords('en').messages).toEqual(AUTH_MESSAGES);
  });

  it("word the authenticator step's answers in English exactly as src/lib/mfa.ts does", async () => {
    const { MFA_MESSAGES } = await import('~/lib/mfa');
    const { wrongCode, codeFormat, tooManyTries, failed } = MFA_MESSAGES;
    expect(authWords('en').secondFactor.messages).toEqual({ wrongCode, codeFormat, tooManyTries, failed });
  });

  it("check in the page's language and turn the lib's English answers into the page's words", () => {
    for (const locale of locales) {
      const words = authWords(locale);
      expect(words.messages.weakPassword).toContain('8');
      expect(words.passwordHint).toContain('8');
      expect(signInProblem('', '', words.messages)?.message).toBe(words.messages.fillAllFields);
      expect(emailProblem('nope', words.messages)?.message).toBe(words.messages.invalidEmail);
      expect(
        signUpProblem({ username: 'a', email: 'a@b.co', password: 'short', consent: true }, words.messages)
          ?.message,
      ).toBe(words.messages.weakPassword);
      // Every answer the lib throws (in English) is shown in this language; anything else is the fallback.
      for (const key of Object.keys(AUTH_MESSAGES) as (keyof typeof AUTH_MESSAGES)[]) {
        expect(shownMessage(new Error(AUTH_MESSAGES[key]), 'fallback', words.messages)).toBe(
          words.messages[key],
        );
      }
      expect(shownMessage(new Error('GoTrue: database error'), 'fallback', words.messages)).toBe('fallback');
      // The links between the forms stay in the language.
      for (const link of Object.values(words.links)) expect(splitLocale(link).locale).toBe(locale);
    }
  });
});

describe('page copy in every language', () => {
  const pages = {
    home: homeContent,
    about: aboutContent,
    loan: loanContent,
    assetManagement: assetManagementContent,
  };
  /** Fields that are the same in every language: what a page links to, shows as a figure or keys on. */
  const fixed = new Set(['slug', 'icon', 'href', 'symbol', 'minimumUsd', 'noticeDays', 'featured']);
  const fixedValues = (value: unknown, at = ''): [string, unknown][] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => fixedValues(v, `${at}[${i}]`));
    if (value && typeof value === 'object')
      return Object.entries(value).flatMap(([k, v]) =>
        fixed.has(k) ? [[`${at}.${k}`, v] as [string, unknown]] : fixedValues(v, `${at}.${k}`),
      );
    return [];
  };

  for (const [name, content] of Object.entries(pages)) {
    it(`${name}: the same links, slugs, icons and figures, in English's order`, () => {
      for (const locale of others)
        expect(fixedValues(content[locale]), locale).toEqual(fixedValues(content.en));
    });

    it(`${name}: every field of English's, every list as long, every text translated`, () => {
      const englishKeys = leaves(content.en).map((l) => l.at.replace(/\.(one|other|zero|two|few|many)$/, ''));
      for (const locale of others) {
        const translated = leaves(content[locale]);
        const keys = translated.map((l) => l.at.replace(/\.(one|other|zero|two|few|many)$/, ''));
        expect(new Set(keys), locale).toEqual(new Set(englishKeys));
        for (const { at, text } of translated) {
          if (/\.(href|slug|icon|symbol)$/.test(at)) continue;
          // Figures ("700+") and names written in Latin in every language ("USDC").
          if (/^[\d+.,$% A-Z]+$/.test(text)) continue;
          expect(text, `${locale} ${name}.${at}: ${text}`).toMatch(script[locale as Exclude<Locale, 'en'>]);
        }
      }
    });
  }

  it('keeps each placeholder of the plan card in every language', () => {
    for (const locale of locales) {
      const words = assetManagementContent[locale].planCard;
      expect(fill(words.choose, { plan: 'P' })).toContain('P');
      const rules = new Intl.PluralRules(localeInfo[locale].intl);
      for (const n of [1, 2, 5, 11, 30]) {
        const text = plural(locale, n, words.noticeWithin);
        // Arabic says "one day" and "two days" in words (يوم واحد، يومين); every other count is a figure.
        if (locale === 'ar' && ['one', 'two'].includes(rules.select(n))) expect(text).not.toMatch(/\d/);
        else expect(text, `${locale} ${n}`).toContain(String(n));
      }
    }
  });
});

describe('legal texts in every language', () => {
  const documents = ['terms-of-service', 'privacy-policy', 'cookie-policy'] as const;
  const read = (locale: Locale, name: string) =>
    fs.readFileSync(path.join('src/content/legal', locale, `${name}.md`), 'utf8');
  const front = (text: string) => /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const field = (text: string, key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(front(text))?.[1];

  for (const name of documents) {
    it(`${name}: the same date, the same numbered sections, links within the language`, () => {
      const english = read('en', name);
      for (const locale of others) {
        const text = read(locale, name);
        expect(field(text, 'lastUpdated'), locale).toBe(field(english, 'lastUpdated'));
        expect(field(text, 'sections'), locale).toBe(field(english, 'sections'));
        const numbers = (t: string) => [...t.matchAll(/^## (\d+)\. \S/gm)].map((m) => Number(m[1]));
        expect(numbers(text), locale).toEqual(numbers(english));
        expect(field(text, 'title'), locale).toMatch(script[locale as Exclude<Locale, 'en'>]);
        expect((field(text, 'description') ?? '').length).toBeLessThanOrEqual(200);
        // Every link to a page of the site stays in the reader's language.
        const siteLinks = [...text.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1] ?? '');
        expect(siteLinks.length, `${locale} ${name} links`).toBe(
          [...english.matchAll(/\]\((\/[^)]*)\)/g)].length,
        );
        for (const link of siteLinks)
          expect(splitLocale(link).locale, `${locale} ${name} ${link}`).toBe(locale);
      }
    });
  }
});

describe('Netlify', () => {
  const config = parse(fs.readFileSync('netlify.toml', 'utf8')) as {
    redirects?: {
      from: string;
      to: string;
      status: number;
      force?: boolean;
      conditions?: { Language?: string[] };
    }[];
  };
  const redirects = config.redirects ?? [];

  it('sends "/" to the language chosen last or the browser\'s, for every language but English', () => {
    for (const locale of others) {
      const rule = redirects.find((r) => r.from === '/' && r.to === localePath(locale, '/'));
      expect(rule, locale).toBeDefined();
      // The switcher's cookie (nf_lang) holds the primary subtag, which the Language condition matches.
      expect(rule?.conditions?.Language).toEqual([locale.split('-')[0]]);
      expect(rule?.status).toBe(302);
    }
    expect(redirects.some((r) => r.from === '/' && r.to === '/')).toBe(false);
  });

  it("serves each language's own 404 page under its prefix, never over a page that exists", () => {
    for (const locale of others) {
      const rule = redirects.find((r) => r.from === `/${locale}/*`);
      expect(rule).toMatchObject({ to: `/${locale}/404`, status: 404 });
      expect(rule?.force ?? false).toBe(false);
    }
  });
});

describe('the member pages built in every language', () => {
  it('are exactly the ones the language links and menus treat as translated', async () => {
    const { translatedMemberRoutes } = await import('~/config/member-routes');
    const root = path.join(process.cwd(), 'src/pages/[...locale]');
    const built = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.astro'))
      .map((file) => `/${file.replace(/\.astro$/, '').replace(/\\/g, '/')}`)
      .filter((route) => route.startsWith('/user'));
    expect([...translatedMemberRoutes].sort()).toEqual(built.sort());
  });
});

describe('the security page in every language', () => {
  it('says in English exactly what src/lib/security-rules.ts and src/lib/mfa.ts say', async () => {
    const { securityPageWords } = await import('~/i18n/security-words');
    const { SECURITY_MESSAGES } = await import('~/lib/security-rules');
    const { MFA_MESSAGES } = await import('~/lib/mfa');
    const english = securityPageWords('en');
    expect(english.messages).toEqual({ ...SECURITY_MESSAGES });
    expect(english.mfa).toEqual({ ...MFA_MESSAGES });
    for (const locale of others) {
      const words = securityPageWords(locale);
      expect(Object.keys(words.messages).sort(), locale).toEqual(Object.keys(SECURITY_MESSAGES).sort());
      expect(Object.keys(words.mfa).sort(), locale).toEqual(Object.keys(MFA_MESSAGES).sort());
      for (const text of [...Object.values(words.messages), ...Object.values(words.mfa)])
        expect(text, `${locale}: ${text}`).toMatch(script[locale as Exclude<Locale, 'en'>]);
    }
  });

  it("words each of the libs' answers by its key, and nothing else from a server", async () => {
    const { securityPageWords } = await import('~/i18n/security-words');
    const { SECURITY_MESSAGES, securityMessageKey } = await import('~/lib/security-rules');
    const { MFA_MESSAGES } = await import('~/lib/mfa');
    const { answerIn } = await import('~/lib/answer-in-language');
    for (const key of Object.keys(SECURITY_MESSAGES) as (keyof typeof SECURITY_MESSAGES)[])
      expect(securityMessageKey(SECURITY_MESSAGES[key])).toBe(key);
    const ar = securityPageWords('ar');
    for (const key of Object.keys(MFA_MESSAGES) as (keyof typeof MFA_MESSAGES)[]) {
      expect(answerIn('ar', MFA_MESSAGES, ar.mfa, new Error(MFA_MESSAGES[key]), ar.mfa.failed)).toBe(
        ar.mfa[key],
      );
      expect(answerIn('en', MFA_MESSAGES, MFA_MESSAGES, new Error(MFA_MESSAGES[key]), 'x')).toBe(
        MFA_MESSAGES[key],
      );
    }
    const serverEnglish = new Error('AuthApiError: something the server said');
    expect(answerIn('ar', MFA_MESSAGES, ar.mfa, serverEnglish, ar.mfa.failed)).toBe(ar.mfa.failed);
    expect(answerIn('en', MFA_MESSAGES, MFA_MESSAGES, serverEnglish, 'x')).toBe(serverEnglish.message);
  });
});
