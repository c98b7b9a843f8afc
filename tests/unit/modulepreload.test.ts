import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addPreloads } from '../../scripts/modulepreload.mjs';

/**
 * scripts/modulepreload.mjs on a small built site: a client-only page (a member page) whose island
 * imports a chain of modules, a server-rendered form page and a static page.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function site(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-preload-'));
  dirs.push(dir);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  // The island's chain: Page -> Shell -> client; Shell loads realtime only on demand.
  write('_astro/Page.js', 'import{s}from"./Shell.js";export default s;');
  write('_astro/Shell.js', 'import{c}from"./client.js";export const s=()=>import("./realtime.js");');
  write('_astro/client.js', 'export const c=1;');
  write('_astro/realtime.js', 'export const r=1;');
  write('_astro/react.js', 'export default 1;');
  write('_astro/Header.js', 'export {};');
  write('_astro/Form.js', 'import{c}from"./client.js";export default c;');
  const island = (url: string, how: string) =>
    `<astro-island uid="1" component-url="${url}" renderer-url="/_astro/react.js" client="${how}"></astro-island>`;
  const page = (body: string) =>
    `<!doctype html><html><head><link rel="stylesheet" href="/x.css"><script type="module" src="/_astro/Header.js"></script></head><body>${body}</body></html>`;
  write('index.html', page('<h1>Home</h1>'));
  // The selector in a script is not a skeleton: this page still preloads.
  write(
    'user-dashboard.html',
    page(
      island('/_astro/Page.js', 'only') + '<script>document.querySelectorAll("[data-prerendered]")</script>',
    ),
  );
  // A page that paints before its island: its build-time skeleton is filled by an inline script.
  write(
    'user/statement.html',
    page(
      island('/_astro/Page.js', 'only').replace(
        '></astro-island>',
        '><div role="status" data-prerendered="true"></div></astro-island>',
      ) + '<script>document.querySelectorAll("[data-prerendered]")</script>',
    ),
  );
  write(
    'login.html',
    page(
      `<astro-island ssr uid="2" component-url="/_astro/Form.js" renderer-url="/_astro/react.js" client="load"><form></form></astro-island>`,
    ),
  );
  return dir;
}

const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"[^>]*>`, 'g'))].map((m) => m[1]);

describe('modulepreload', () => {
  it("preloads a client-only page's whole first load and preconnects to Supabase", () => {
    const dir = site();
    const changed = addPreloads(dir, { PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co' });
    expect(changed).toBe(2);
    const html = fs.readFileSync(path.join(dir, 'user-dashboard.html'), 'utf8');
    // Every module the island needs before it can render, found through its imports; not the
    // on-demand realtime module, and not the header script the page already loads with a tag.
    expect(links(html, 'modulepreload').sort()).toEqual(
      ['/_astro/Page.js', '/_astro/Shell.js', '/_astro/client.js', '/_astro/react.js'].sort(),
    );
    expect(links(html, 'preconnect')).toEqual(['https://abcd.supabase.co']);
    expect(html).toContain('<link rel="preconnect" href="https://abcd.supabase.co" crossorigin>');
    // In the head, so they start with the document.
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('gives a page that paints before its island the preconnect only: the island must not compete with that paint', () => {
    const dir = site();
    addPreloads(dir, { PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co' });
    const html = fs.readFileSync(path.join(dir, 'user/statement.html'), 'utf8');
    expect(links(html, 'modulepreload')).toEqual([]);
    expect(links(html, 'preconnect')).toEqual(['https://abcd.supabase.co']);
    const dashboard = fs.readFileSync(path.join(dir, 'user-dashboard.html'), 'utf8');
    expect(links(dashboard, 'modulepreload')).not.toEqual([]);
  });

  it('leaves server-rendered and static pages alone', () => {
    const dir = site();
    const before = ['index.html', 'login.html'].map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    addPreloads(dir, {});
    const after = ['index.html', 'login.html'].map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(after).toEqual(before);
  });
});
