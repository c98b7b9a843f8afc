/**
 * scripts/inline-language-fonts.mjs: Chinese and Arabic pages get their fonts' rules inline, so no
 * stylesheet holds back their first paint (issue 36, Lighthouse's LCP within 10% of English), and a
 * Chinese page keeps only the slices its headline uses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fontRulesFor,
  inlineLanguageFonts,
  parseUnicodeRange,
} from '../../scripts/inline-language-fonts.mjs';

const face = (slice: string, range: string) =>
  `@font-face{font-family:Noto Serif TC;font-display:swap;src:url(/_astro/${slice}.woff2)format("woff2");unicode-range:${range}}`;
const CHINESE_CSS = [
  face('s0', 'U+3401,U+4E00-4E0F'),
  face('s1', 'U+63A8,U+52D5'), // 推, 動
  face('s2', 'U+6??'),
  face('s3', 'U+8CC7'), // 資
  ':lang(zh-Hant) h1{font-family:Noto Serif TC,serif}',
].join('');

describe('unicode ranges', () => {
  it('reads single points, spans and wildcards', () => {
    expect(parseUnicodeRange('U+3401, U+3D18-3D19,U+6??')).toEqual([
      [0x3401, 0x3401],
      [0x3d18, 0x3d19],
      [0x600, 0x6ff],
    ]);
  });

  it('keeps exactly the slices holding a character of the text, and every other rule', () => {
    const kept = fontRulesFor(CHINESE_CSS, '推動');
    expect(kept).toContain('s1.woff2');
    expect(kept).not.toMatch(/s0|s2|s3/);
    expect(kept).toContain(':lang(zh-Hant) h1');
    // The span's edges: 4E00 and 4E0F are in, 4E10 is not.
    expect(fontRulesFor(CHINESE_CSS, '\u4e0f')).toContain('s0.woff2');
    expect(fontRulesFor(CHINESE_CSS, '\u4e10')).not.toContain('s0.woff2');
    // A wildcard's edges.
    expect(fontRulesFor(CHINESE_CSS, '\u06ff')).toContain('s2.woff2');
    expect(fontRulesFor(CHINESE_CSS, '\u0700')).not.toContain('s2.woff2');
  });
});

describe('the built pages', () => {
  it("puts each language's rules inline and links no font stylesheet; other pages are left alone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fonts-'));
    fs.mkdirSync(path.join(dir, '_astro'));
    fs.mkdirSync(path.join(dir, 'zh-hant'));
    fs.writeFileSync(path.join(dir, '_astro', 'fonts-zh-hant.Ab1.css'), `${CHINESE_CSS}\n`);
    fs.writeFileSync(path.join(dir, '_astro', 'fonts-ar.Cd2.css'), '@font-face{unicode-range:U+6??}:root{}');
    const page = (title: string, h1: string, sheet: string) =>
      `<html><head><title>${title}</title><link rel="stylesheet" href="/_astro/${sheet}"></head><body><h1 class="x">${h1}</h1><h2>資</h2></body></html>`;
    fs.writeFileSync(
      path.join(dir, 'zh-hant.html'),
      page('首頁', '推<span>動</span>', 'fonts-zh-hant.Ab1.css'),
    );
    // A member page: its h1 comes later; its title has the same words.
    fs.writeFileSync(
      path.join(dir, 'zh-hant', 'user.html'),
      '<html><head><title>資 | Liquid Capital</title><link rel="stylesheet" href="/_astro/fonts-zh-hant.Ab1.css"></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'ar.html'), page('الرئيسية', 'مأسسة', 'fonts-ar.Cd2.css'));
    const english =
      '<html><head><link rel="stylesheet" href="/_astro/Marketing.css"></head><body><h1>Hi</h1></body></html>';
    fs.writeFileSync(path.join(dir, 'index.html'), english);

    expect(inlineLanguageFonts(dir)).toBe(3);
    const home = fs.readFileSync(path.join(dir, 'zh-hant.html'), 'utf8');
    expect(home).not.toContain('fonts-zh-hant');
    expect(home).toMatch(/<style>[^<]*s1\.woff2[^<]*<\/style>/);
    // The h2's character is not the headline's: its slice is not declared.
    expect(home).not.toContain('s3.woff2');
    expect(fs.readFileSync(path.join(dir, 'zh-hant', 'user.html'), 'utf8')).toContain('s3.woff2');
    expect(fs.readFileSync(path.join(dir, 'ar.html'), 'utf8')).toContain(
      '<style>@font-face{unicode-range:U+6??}:root{}</style>',
    );
    expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(english);
  });
});
