// An Astro integration: after the build, each Chinese and Arabic page gets its language's @font-face
// rules inline in a <style> instead of a <link> to their stylesheet (src/styles/fonts-<lang>.css).
//
// Why: a stylesheet in <head> blocks the first paint until it arrives. The Chinese one declares the
// headline face's 100-odd unicode-range slices (123 KB before compression), and Lighthouse measured
// the Chinese and Arabic home pages' largest paint 18% and 27% later than English's (2026-12-02,
// mobile, issue 36 asks for 10%). Inline, nothing waits for it. A Chinese page keeps only the slices
// holding a character of its h1 or its title (the face is for the h1: a member page renders its h1
// later, from the same words as its title), so it carries a few rules, not a hundred; the browser
// still fetches a slice only when a character on screen needs it. Arabic's five rules stay whole.
//
// Runs before scripts/postbuild-headers.mjs, which allows each inline <style> by its hash in the CSP.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FONT_SHEET = /<link rel="stylesheet" href="(\/_astro\/fonts-(zh-hant|ar)\.[\w-]+\.css)"\s*\/?>/;

/** The code points a unicode-range descriptor covers, as [first, last] pairs ("U+6??" → 0x600-0x6FF). */
export function parseUnicodeRange(descriptor) {
  return descriptor.split(',').map((part) => {
    const token = part.trim().replace(/^U\+/i, '');
    if (token.includes('?'))
      return [parseInt(token.replace(/\?/g, '0'), 16), parseInt(token.replace(/\?/g, 'F'), 16)];
    const [first, last = first] = token.split('-');
    return [parseInt(first, 16), parseInt(last, 16)];
  });
}

/** The text of a page's h1 elements and its title, tags and entities aside. */
function headlineText(html) {
  const parts = [...html.matchAll(/<(h1|title)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) => m[2]);
  return parts.join(' ').replace(/<[^>]*>/g, ' ');
}

/** `css` with only the @font-face rules whose unicode-range holds one of `text`'s characters. */
export function fontRulesFor(css, text) {
  const points = [...new Set([...text].map((c) => c.codePointAt(0)))];
  return css.replace(/@font-face\{[^}]*\}/g, (rule) => {
    const range = /unicode-range:([^;}]*)/.exec(rule);
    if (!range) return rule;
    const ranges = parseUnicodeRange(range[1]);
    return points.some((p) => ranges.some(([first, last]) => p >= first && p <= last)) ? rule : '';
  });
}

function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Rewrites every page under `dir`; returns how many changed. */
export function inlineLanguageFonts(dir) {
  const sheets = new Map();
  let changed = 0;
  for (const file of htmlFiles(dir)) {
    const html = fs.readFileSync(file, 'utf8');
    const link = FONT_SHEET.exec(html);
    if (!link) continue;
    const [tag, href, language] = link;
    if (!sheets.has(href)) sheets.set(href, fs.readFileSync(path.join(dir, href), 'utf8').trim());
    const css =
      language === 'zh-hant' ? fontRulesFor(sheets.get(href), headlineText(html)) : sheets.get(href);
    fs.writeFileSync(file, html.replace(tag, `<style>${css}</style>`));
    changed += 1;
  }
  return changed;
}

/** @returns {import('astro').AstroIntegration} */
export default function languageFonts() {
  return {
    name: 'liquid-capital:inline-language-fonts',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        logger.info(`language fonts: inline on ${inlineLanguageFonts(fileURLToPath(dir))} pages`);
      },
    },
  };
}
