// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import netlifyHeaders from './scripts/postbuild-headers.mjs';
import modulePreloads from './scripts/modulepreload.mjs';
import inlineScripts from './scripts/inline-script.mjs';
import languageFonts from './scripts/inline-language-fonts.mjs';
import releaseGuard from './scripts/release-guard.mjs';
import { defaultLocale, locales } from './src/i18n/locales.ts';

// Tests build into their own folder (ASTRO_OUT_DIR) so parallel runs never share dist/.
export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'https://www.liquidcapital.example',
  output: 'static',
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  trailingSlash: 'never',
  build: { format: 'file' },
  server: { host: '127.0.0.1', port: 4321 },
  // English at today's addresses, the other languages under their prefix (/zh-hant/…, /ar/…): the
  // public pages are built once per language from src/pages/[...locale]/ (src/i18n/locales.ts).
  i18n: {
    defaultLocale,
    locales: [...locales],
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  // After every build: writes dist/_headers (an exact CSP per page) and fails the build if a secret
  // is found in the output. See scripts/postbuild-headers.mjs.
  // Before that: client-only pages preload their whole first load (scripts/modulepreload.mjs), and
  // Chinese and Arabic pages get their fonts' rules inline (scripts/inline-language-fonts.mjs).
  // Before anything: a release build (LC_RELEASE=1, Netlify production) refuses disclosure placeholders
  // (scripts/release-guard.mjs).
  integrations: [releaseGuard(), react(), modulePreloads(), languageFonts(), netlifyHeaders()],
  // Page scripts always ship as hashed /_astro/*.js files (cached for a year, no inline code for the
  // CSP to hash), never inlined into each page's HTML.
  vite: {
    plugins: [tailwindcss(), inlineScripts({ srcDir: './src' })],
    build: {
      assetsInlineLimit: 0,
      rollupOptions: {
        output: {
          // Amounts and the accounts' names are read together on every money screen: one chunk, so
          // a page that formats amounts without naming accounts does not split them in two for all.
          // The translated pages also write amounts in the page's language and direction, and fill
          // their sentences with the language's settings: two more chunks rather than four small ones.
          // The digit grouping of counts and amounts (digits.ts) goes with the language's settings:
          // every member page loads them, and a chunk of its own would cost each page a request.
          // React, React DOM and its scheduler are loaded together by every island: one file.
          // The Supabase client and the two session checks every signed-in page runs before anything
          // else (auth-session, mfa-step) are loaded together on every member and admin page: one file.
          manualChunks: (id) =>
            /\/node_modules\/(react|react-dom|scheduler)\//.test(id)
              ? 'react'
              : /\/src\/lib\/(supabase|auth-session|mfa-step)\.ts$/.test(id)
                ? 'supabase'
                : /\/src\/lib\/(money|accounts)\.ts$/.test(id)
                  ? 'money'
                  : /\/src\/lib\/(money-in-language|bidi)\.ts$/.test(id)
                    ? 'money-in-language'
                    : /\/src\/(i18n\/(fill|locales)|lib\/digits)\.ts$/.test(id)
                      ? 'language'
                      : // Every island loads its later parts and toasts on demand: the loader Vite writes for
                        // that (its preload helper), the parts' wrapper and the toasts' trigger travel as one
                        // file rather than three small ones.
                        /preload-helper|\/src\/components\/islands\/shared\/(lazyPart|Toaster)\.tsx$|\/src\/lib\/toast\.ts$/.test(
                            id,
                          )
                        ? 'parts'
                        : undefined,
        },
      },
    },
  },
});
