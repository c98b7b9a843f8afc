import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { renderTemplate, textOfHtml } from '../../supabase/local/mail/render';
import { MEMBER_MAIL_KINDS, loadProductTemplates } from '../../supabase/local/mail/product';

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
const oneLine = (html: string): string => html.replace(/\s+/g, ' ');

const FREEZE_LINE =
  'Not you? Freeze withdrawals at once at <a href="{{ .SiteURL }}/user/freeze">{{ .SiteURL }}/user/freeze</a>. It works even if someone changed your password: use "Forgot password?" on the sign-in page to get in.';

const LINK_MAILS = ['confirmation', 'email_change', 'recovery'];
const CODE_MAILS = ['magic_link', 'reauthentication'];

describe('e-mail templates', () => {
  const templates = config.auth.email.template;

  it('config.toml names a template for every mail the product sends with a link or a code', () => {
    expect(Object.keys(templates).sort()).toEqual([...LINK_MAILS, ...CODE_MAILS].sort());
  });

  it.each(LINK_MAILS)('%s links through {{ .ConfirmationURL }} only, with no code', (name) => {
    const template = templates[name]!;
    expect(existsSync(join(root, template.content_path))).toBe(true);
    const html = read(template.content_path);
    expect(html).toContain('href="{{ .ConfirmationURL }}"');
    expect(html).not.toMatch(/TokenHash|access_token|refresh_token|\{\{ *\.Token *\}\}/);
    expect(html).toMatch(/browser/);
    expect(template.subject.length).toBeGreaterThan(0);
  });

  it.each(CODE_MAILS)('%s carries the code and no link but the freeze page', (name) => {
    const html = read(templates[name]!.content_path);
    expect(html).toMatch(/<strong>\{\{ \.Token \}\}<\/strong>/);
    expect(html).not.toMatch(/ConfirmationURL|TokenHash|RedirectTo|sign in<\/a>|>\s*sign in\s*</i);
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(['{{ .SiteURL }}/user/freeze']);
  });

  it('the step-up code mail says what it is for in its subject', () => {
    expect(templates['magic_link']?.subject).toBe(
      'Your code to confirm a change to your withdrawal addresses',
    );
  });

  const securityMails: Array<[string, string]> = [
    ...['recovery', 'email_change', ...CODE_MAILS].map((n): [string, string] => [
      n,
      templates[n]!.content_path,
    ]),
    ...Object.entries(config.auth.email.notification).map(([n, t]): [string, string] => [n, t.content_path]),
    ['product security_hold', 'supabase/templates/product/security_hold.html'],
    ['product withdrawal_filed', 'supabase/templates/product/withdrawal_filed.html'],
  ];
  it.each(securityMails)('%s says how to freeze withdrawals, in one line', (_name, path) => {
    expect(oneLine(read(path))).toContain(FREEZE_LINE);
  });

  it('every product mail kind has a template with a subject and no session in a link', () => {
    const product = loadProductTemplates(join(root, 'supabase'));
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

  it('reads as text: paragraphs apart, links as label and address, entities decoded', () => {
    expect(
      textOfHtml(
        '<h2>Title</h2>\n<p>\n  One &amp; two\n  lines.</p><p><a href="http://x/y?a=1&amp;b=2">Open</a> or <a href="http://x/z">http://x/z</a></p>',
      ),
    ).toBe('Title\n\nOne & two lines.\n\nOpen: http://x/y?a=1&b=2 or http://x/z');
  });
});
