// @ts-check
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

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
);
