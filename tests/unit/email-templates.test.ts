import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { renderTemplate, textOfHtml } from '../../supabase/local/mail/render';
import { MEMBER_MAIL_KINDS, loadProductTemplates } from '../../supabase/local/mail/product';
import { locales, type Locale } from '../../src/i18n/locales';

// Issue 20: the mailed links a hosted project sends must come back as a PKCE code (GoTrue's
// {{ .ConfirmationURL }}), never as a token hash or a session anyone could put in a link.
// Issue 30: a mail that carries a code carries no link to sign in with, and every security mail
// says how to freeze withdrawals.
const root = join(import.meta.dirname, '../..');
type Section = Record<string, { subject: string; content_path: string }>;
const config = parse(readFileSync(join(root, 'supabase/config.toml'), 'utf8')) as {
  auth: { email: { template: Section; notification: Section } };
};
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const oneLine = (html: string): string => html.replace(/\s+/g, ' ').replace(/ >/g, '>');

const FREEZE_LINE =
  'Not you? Freeze withdrawals at once at <a href="{{ .SiteURL }}/user/freeze">{{ .SiteURL }}/user/freeze</a>. It works even if someone changed your password: use "Forgot password?" on the sign-in page to get in.';

const LINK_MAILS = ['confirmation', 'email_change', 'recovery'];
const CODE_MAILS = ['magic_link', 'reauthentication'];

const FREEZE_LINES: Record<Locale, string> = {
  en: FREEZE_LINE,
  'zh-hant':
    '不是您本人操作？請立即前往<a href="{{ .SiteURL }}/user/freeze">{{ .SiteURL }}/user/freeze</a>凍結提取。',
  ar: 'لستم من قام بذلك؟ جمّدوا السحوبات فورًا عبر <a href="{{ .SiteURL }}/user/freeze" dir="ltr">{{ .SiteURL }}/user/freeze</a>.',
};

// What a member reads, in each language; values are placeholders' names so a test sees where each went.
const VALUES = {
  SiteURL: 'https://site.test',
  Email: 'member@example.com',
  OldEmail: 'old@example.com',
  NewEmail: 'new@example.com',
  Token: '123456',
  ConfirmationURL: 'https://project.test/auth/v1/verify?token=pkce_1&type=signup',
  FactorType: 'totp',
  Amount: '$1,234.50',
  Asset: 'BTC',
  Network: 'Bitcoin',
  Label: 'Cold wallet',
  // Written by SQL in the member's language (supabase/tests/mail-outbox.test.ts checks them).
  Reason: '⟨reason⟩',
  HoldUntil: '⟨hold⟩',
  Change: '⟨change⟩',
};
const inLocale = (locale: Locale) => ({ ...VALUES, Data: { locale }, Locale: locale });
/** A rendering's words apart from names, codes, addresses and links, which stay Latin everywhere. */
const words = (html: string): string =>
  textOfHtml(html)
    .replace(/https?:\/\/\S+|\S+@\S+|Liquid Capital|totp|BTC|Bitcoin|Cold wallet|\d[\d,.:$ ]*|⟨\w+⟩/g, ' ')
    .replace(/\$|US\$|HKT/g, ' ');

describe('e-mail templates', () => {
  const templates = config.auth.email.template;
  const notifications = config.auth.email.notification;
  const authMails = { ...templates, ...notifications };
  const product = loadProductTemplates(join(root, 'supabase'));

  it('config.toml names a template for every mail the product sends with a link or a code', () => {
    expect(Object.keys(templates).sort()).toEqual([...LINK_MAILS, ...CODE_MAILS].sort());
  });

  describe.each(locales)('in %s', (locale) => {
    const render = (name: string) => {
      const template = authMails[name]!;
      expect(existsSync(join(root, template.content_path))).toBe(true);
      return {
        html: renderTemplate(read(template.content_path), inLocale(locale)),
        subject: renderTemplate(template.subject, inLocale(locale)),
      };
    };

    it.each(LINK_MAILS)('%s links through {{ .ConfirmationURL }} only, with no code', (name) => {
      const { html, subject } = render(name);
      const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(links.filter((l) => l?.startsWith('https://project.test'))).toEqual([
        'https://project.test/auth/v1/verify?token=pkce_1&amp;type=signup',
      ]);
      expect(html).not.toMatch(/TokenHash|access_token|refresh_token|123456/);
      expect(subject.length).toBeGreaterThan(0);
    });

    it.each(CODE_MAILS)('%s carries the code and no link but the freeze page', (name) => {
      const { html } = render(name);
      expect(html).toMatch(/<strong>123456<\/strong>/);
      expect(html).not.toMatch(/project\.test|TokenHash|RedirectTo/);
      expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
        'https://site.test/user/freeze',
      ]);
    });

    const securityMails = [
      ...['recovery', 'email_change', ...CODE_MAILS, ...Object.keys(notifications)].map(
        (n): [string, string] => [n, authMails[n]!.content_path],
      ),
      ['product security_hold', 'supabase/templates/product/security_hold.html'],
      ['product withdrawal_filed', 'supabase/templates/product/withdrawal_filed.html'],
    ];
    it.each(securityMails)('%s says how to freeze withdrawals, in one line', (_name, path) => {
      const branch = renderTemplate(
        oneLine(read(path)).replace(/\{\{ \.SiteURL \}\}/g, '[[site]]'),
        inLocale(locale),
      ).replace(/\[\[site\]\]/g, '{{ .SiteURL }}');
      expect(branch).toContain(FREEZE_LINES[locale]);
    });

    it('every mail and subject is written in the language, the names and figures intact', () => {
      const rendered = [
        ...Object.keys(authMails).map((name) => render(name)),
        ...MEMBER_MAIL_KINDS.map((kind) => ({
          html: renderTemplate(product[kind].body, inLocale(locale)),
          subject: renderTemplate(product[kind].subject, inLocale(locale)),
        })),
      ];
      for (const { html, subject } of rendered) {
        for (const text of [words(html), words(subject)]) {
          if (locale === 'en') expect(text).not.toMatch(/[\u0600-\u06ff\u4e00-\u9fff]/);
          // No English sentence left behind: at most a stray Latin letter run in a translation.
          else expect(text.match(/[A-Za-z]{3,}/g) ?? [], `${locale}: ${text}`).toEqual([]);
          if (locale === 'zh-hant') expect(text).toMatch(/[\u4e00-\u9fff]/);
          if (locale === 'ar') expect(text).toMatch(/[\u0600-\u06ff]/);
        }
        // Arabic reads right to left; what the member must copy or compare is isolated left to right.
        if (locale === 'ar') {
          expect(html.trim()).toMatch(/^<div lang="ar" dir="rtl">/);
          for (const value of [
            'member@example.com',
            'old@example.com',
            'new@example.com',
            '$1,234.50',
            'BTC',
          ]) {
            const around = [...html.matchAll(new RegExp(`(<[^>]+>)?${value.replace(/\$/g, '\\$')}`, 'g'))];
            for (const [whole, tag] of around) expect(tag ?? '', whole).toMatch(/^<(bdi|strong)\b/);
          }
        }
        for (const value of ['member@example.com', '123456', '$1,234.50']) {
          if (html.includes(value.slice(0, 3))) expect(html).toContain(value);
        }
      }
    });
  });

  it('the step-up code mail says what it is for in its subject', () => {
    expect(renderTemplate(templates['magic_link']!.subject, inLocale('en'))).toBe(
      'Your code to confirm a change to your withdrawal addresses',
    );
  });

  it('every product mail kind has a template with a subject and no session in a link', () => {
    for (const kind of MEMBER_MAIL_KINDS) {
      expect(product[kind].subject.length, kind).toBeGreaterThan(0);
      expect(product[kind].body, kind).not.toMatch(/token|ConfirmationURL|access_token/i);
      for (const [, href] of product[kind].body.matchAll(/href="([^"]*)"/g)) {
        expect(href, kind).toMatch(/^\{\{ \.SiteURL \}\}\/user\/[a-z]+$/);
      }
    }
  });
});

describe('rendering a template as GoTrue does (html/template)', () => {
  it("escapes a value as Go does, in text and in a link, and keeps the template's own text", () => {
    expect(renderTemplate(`<p>Don't: {{ .Email }}</p>`, { Email: `a+b'"<c>&@x.com` })).toBe(
      `<p>Don't: a&#43;b&#39;&#34;&lt;c&gt;&amp;@x.com</p>`,
    );
    expect(
      renderTemplate('<a href="{{ .ConfirmationURL }}">x</a>', { ConfirmationURL: 'http://h/v?a=1&b=a b"c' }),
    ).toBe('<a href="http://h/v?a=1&amp;b=a%20b%22c">x</a>');
    // A script URL at the start of a link is replaced, as html/template does.
    expect(renderTemplate('<a href="{{ .U }}">x</a>', { U: 'javascript:alert(1)' })).toBe(
      '<a href="#ZgotmplZ">x</a>',
    );
  });

  it('fills user metadata, leaves unknown names empty and refuses actions it does not render', () => {
    expect(renderTemplate('Hi {{ .Data.username }}{{ .Missing }}!', { Data: { username: 'ann' } })).toBe(
      'Hi ann!',
    );
    expect(() => renderTemplate('{{ if .Token }}x{{ end }}', { Token: '1' })).toThrow(
      /only \{\{ \.Name \}\}/,
    );
  });

  it('chooses the branch of the language Supabase documents (if eq .Data.locale), English when missing', () => {
    const template =
      '<p>{{ if eq .Data.locale "zh-hant" }}你好 {{ .Email }}{{ else if eq .Data.locale "ar" "ar-AE" }}مرحبا {{ .Email }}{{ else }}Hello {{ .Email }}{{ end }}</p>';
    const render = (data: Record<string, unknown>) =>
      renderTemplate(template, { Email: 'a@x.com', Data: data });
    expect(render({ locale: 'zh-hant' })).toBe('<p>你好 a@x.com</p>');
    expect(render({ locale: 'ar' })).toBe('<p>مرحبا a@x.com</p>');
    expect(render({ locale: 'ar-AE' })).toBe('<p>مرحبا a@x.com</p>');
    // Missing, another language, a number: no branch matches, the else does (Go's eq with a nil value).
    expect(render({})).toBe('<p>Hello a@x.com</p>');
    expect(render({ locale: 'fr' })).toBe('<p>Hello a@x.com</p>');
    expect(render({ locale: 7 })).toBe('<p>Hello a@x.com</p>');
    // Nested conditions, trim markers, and a first branch that wins over a later true one.
    expect(
      renderTemplate(
        '{{ if eq .A "1" }}a{{ if eq .B "2" }}b{{ else }}c{{ end }}{{ else if eq .A "1" }}x{{ end }}',
        {
          A: '1',
          B: '3',
        },
      ),
    ).toBe('ac');
    expect(renderTemplate('<p>\n  {{- if eq .A "1" -}}\n  one\n  {{- end -}}\n</p>', { A: '1' })).toBe(
      '<p>one</p>',
    );
    // Unbalanced or unsupported actions fail loudly rather than send half a mail.
    expect(() => renderTemplate('{{ if eq .A "1" }}a', { A: '1' })).toThrow(/without its \{\{ end \}\}/);
    expect(() => renderTemplate('a{{ end }}', {})).toThrow(/without an \{\{ if \}\}/);
    expect(() => renderTemplate('{{ if ne .A "1" }}a{{ end }}', { A: '1' })).toThrow(/only \{\{ \.Name \}\}/);
  });

  it('reads as text: paragraphs apart, links as label and address, entities decoded', () => {
    expect(
      textOfHtml(
        '<h2>Title</h2>\n<p>\n  One &amp; two\n  lines.</p><p><a href="http://x/y?a=1&amp;b=2">Open</a> or <a href="http://x/z">http://x/z</a></p>',
      ),
    ).toBe('Title\n\nOne & two lines.\n\nOpen: http://x/y?a=1&b=2 or http://x/z');
  });
});
