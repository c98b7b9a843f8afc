import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

// Issue 20: the mailed links a hosted project sends must come back as a PKCE code (GoTrue's
// {{ .ConfirmationURL }}), never as a token hash or a session anyone could put in a link.
const root = join(import.meta.dirname, '../..');
const config = parse(readFileSync(join(root, 'supabase/config.toml'), 'utf8')) as {
  auth: { email: { template: Record<string, { subject: string; content_path: string }> } };
};

describe('e-mail templates', () => {
  const templates = config.auth.email.template;

  it('config.toml names a template for every mail that carries a link', () => {
    expect(Object.keys(templates).sort()).toEqual(['confirmation', 'email_change', 'magic_link', 'recovery']);
  });

  it.each(Object.entries(templates))('%s links through {{ .ConfirmationURL }} only', (_name, template) => {
    const file = join(root, template.content_path);
    expect(existsSync(file)).toBe(true);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('href="{{ .ConfirmationURL }}"');
    expect(html).not.toMatch(/TokenHash|access_token|refresh_token/);
    // A one-time code only in the sign-in mail, which is also the address book's step-up (docs/address-book.md),
    // and never inside a link.
    expect(/\{\{ *\.Token *\}\}/.test(html)).toBe(_name === 'magic_link');
    expect(html).not.toMatch(/href="[^"]*\.Token/);
    expect(html).toMatch(/browser/);
    expect(template.subject.length).toBeGreaterThan(0);
  });
});
