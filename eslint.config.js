// @ts-check
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import betterTailwind from 'eslint-plugin-better-tailwindcss';
import local from './eslint-rules/no-english-literals.js';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.lighthouse/',
      '.astro/',
      'node_modules/',
      '.tools/',
      'supabase/.local/',
      'test-results/',
      'playwright-report/',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // User data must never become markup.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render user data as text, never as HTML.',
        },
      ],
    },
  },
  {
    // Member code never reaches into admin modules: what both need (accounts, amounts, database
    // errors, live feeds) lives in src/lib under its own name.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/lib/admin/**', 'src/components/islands/admin/**', 'src/pages/admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^~/lib/admin/|(^|/)lib/admin/|^\\.{1,2}/(\\.\\./)*admin/)',
              message: 'Admin-only module: move what member code needs out of lib/admin/ (see src/lib).',
            },
          ],
        },
      ],
    },
  },
  {
    // An island gets its words from its page (built once per language), so it carries one language:
    // importing the catalogs would ship all three (docs/languages.md). Types are fine.
    files: ['src/components/islands/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^~/i18n/(text|catalogs/.*|member/.*|auth-words|page-locale)$',
              allowTypeImports: true,
              message: 'Islands take their words as props from the page; only src/i18n/fill.ts and types.',
            },
          ],
        },
      ],
    },
  },
  {
    // Right-to-left languages (Arabic) mirror the layout: spacing, positions, borders, corners and text
    // alignment use the logical utilities (ms-/me-, ps-/pe-, start-/end-, border-s/e, rounded-s/e,
    // text-start/end), which follow the page's direction, never the physical left/right ones.
    files: ['src/**/*.{tsx,astro}'],
    plugins: { 'better-tailwindcss': betterTailwind },
    settings: { 'better-tailwindcss': { entryPoint: 'src/styles/global.css' } },
    rules: {
      'better-tailwindcss/enforce-logical-properties': [
        'error',
        // Only the inline (left/right) axis mirrors; top/bottom, widths and heights stay as they are
        // (the site has no vertical writing mode).
        {
          ignore: [
            '(^|:)-?(scroll-)?[mp][tby]-',
            '(^|:)-?(top|bottom)-',
            '(^|:)border-[tb]',
            '(^|:)(min-|max-)?[hw]-',
            '(^|:)size-',
          ],
        },
      ],
    },
  },
  {
    // What a visitor or member reads comes from the language catalogs (issue 36): no English written
    // into a component that is translated. The admin area stays English by design.
    files: [
      'src/components/islands/forms/**/*.tsx',
      'src/components/islands/shared/**/*.tsx',
      'src/components/islands/member/**/*.tsx',
      'src/components/site/**/*.astro',
      'src/components/sections/**/*.astro',
      'src/components/ui/**/*.astro',
      'src/layouts/**/*.astro',
      'src/pages/[[]...locale[]]/**/*.astro',
    ],
    ignores: ['**/*.test.ts', 'src/layouts/Admin.astro'],
    plugins: { local },
    rules: { 'local/no-english-literals': 'error' },
  },
);
