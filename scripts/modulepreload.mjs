#!/usr/bin/env node
// Member and admin pages render only in the browser (client:only islands): nothing but a skeleton
// shows until every module of the island has loaded and the first query has answered. Left to
// itself, the browser finds those modules one level at a time (the island imports the shell, the
// shell the Supabase client, ...), a round trip per level, and opens the connection to Supabase only
// when the first query is sent. After every build this adds, to each page with a client:only island,
// a <link rel="modulepreload"> for every module of its first load (the set scripts/bench-pages.mjs
// counts) and a <link rel="preconnect"> to the Supabase origin, so all of it starts with the HTML.
// Pages whose islands are rendered on the server (the forms) are left alone: their HTML is usable
// before any script runs, and extra early requests would only compete with the stylesheet.
// Pages that paint their main content before the island (a skeleton marked data-prerendered, filled
// by an inline script: the member balance pages) get the preconnect only: there the island is not what
// the first screen waits for, and preloading it would compete with the stylesheet and that read
// (on a phone's connection, 160 KB of island ahead of them cost about a second of LCP; issue 24).
//
// Runs as an Astro integration (astro.config.mjs); by hand: node scripts/modulepreload.mjs --dir dist
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureSite } from './bench-pages.mjs';
import { buildEnv, settingsFromEnv } from './postbuild-headers.mjs';

/**
 * The page with its preloads, or undefined when it has no client:only island (left unchanged).
 * @param {string} html
 * @param {string[]} modules  first-load module URLs
 * @param {string} supabaseOrigin
 */
export function withPreloads(html, modules, supabaseOrigin) {
  if (!/<astro-island\b[^>]*\sclient="only"/i.test(html)) return undefined;
  const paintsFirst = /\sdata-prerendered(?:[\s=>])/i.test(html);
  const already = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="([^"]+)"/gi)].map((m) => m[1]),
  );
  const links = [
    // crossorigin: supabase-js's requests are CORS requests without credentials.
    `<link rel="preconnect" href="${supabaseOrigin}" crossorigin>`,
    ...(paintsFirst ? [] : modules)
      .filter((url) => !already.has(url))
      .map((url) => `<link rel="modulepreload" href="${url}">`),
  ];
  return html.replace(/<\/head>/i, `${links.join('')}</head>`);
}

/** @param {string} distDir @param {Record<string, string | undefined>} env @returns {number} pages changed */
export function addPreloads(distDir, env) {
  const [supabaseOrigin] = settingsFromEnv(env).supabaseOrigins;
  let changed = 0;
  for (const page of measureSite(distDir)) {
    const file = path.join(distDir, page.file);
    const html = fs.readFileSync(file, 'utf8');
    const next = withPreloads(html, page.jsUrls, supabaseOrigin ?? '');
    if (next === undefined) continue;
    fs.writeFileSync(file, next);
    changed += 1;
  }
  return changed;
}

/**
 * Astro integration: runs addPreloads after every build, before the CSP is written.
 * @returns {import('astro').AstroIntegration}
 */
export default function modulePreloads() {
  return {
    name: 'liquid-capital:modulepreload',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const env = await buildEnv(process.cwd(), 'production');
        const changed = addPreloads(fileURLToPath(dir), env);
        logger.info(`modulepreload: ${changed} client-only pages preload their first load`);
      },
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist' } } });
  console.log(`${addPreloads(path.resolve(values.dir), await buildEnv(process.cwd(), 'production'))} pages`);
}
