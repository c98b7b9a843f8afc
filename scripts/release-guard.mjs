#!/usr/bin/env node
// Refuses a production build while the firm's disclosures or leadership still hold placeholders.
//
// src/config/disclosures.ts, src/content/leadership.ts and the support phone in src/config/site.ts mark every value the firm has not supplied
// as `{ toFill: '<what goes here>' }`. A development or test build shows those marked on the page (so
// nobody mistakes them for real text); a release must not ship them at all. This runs at the start of
// every `astro build` (an Astro integration, registered in astro.config.mjs) and throws when the build
// is a release and any placeholder is left. A release is LC_RELEASE=1, or Netlify's production deploy
// context (CONTEXT=production; deploy previews and branch deploys are not releases).
//
// By hand: `LC_RELEASE=1 node scripts/release-guard.mjs` lists what is left and exits 1 if anything is.
//
// The data modules are TypeScript that imports only types, so Node 24 loads them as they are (its type
// stripping erases the type-only imports); no bundler is needed here.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The modules whose exports may hold placeholders, relative to the project root. */
export const GUARDED_MODULES = [
  'src/config/disclosures.ts',
  'src/content/leadership.ts',
  'src/config/site.ts',
];

/**
 * @param {Record<string, string | undefined>} env
 * @returns {boolean} whether this build is a release (placeholders forbidden)
 */
export function isRelease(env) {
  return env['LC_RELEASE'] === '1' || env['CONTEXT'] === 'production';
}

/**
 * Every `{ toFill }` value inside `value`, with where it sits ("disclosures.lines[1].value").
 * @param {unknown} value
 * @param {string} at
 * @returns {{ at: string, toFill: string }[]}
 */
export function findPlaceholders(value, at) {
  if (Array.isArray(value)) return value.flatMap((item, i) => findPlaceholders(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const record = /** @type {Record<string, unknown>} */ (value);
  if (typeof record['toFill'] === 'string') return [{ at, toFill: record['toFill'] }];
  return Object.entries(record).flatMap(([key, item]) => findPlaceholders(item, `${at}.${key}`));
}

/**
 * The placeholders left in the guarded modules ("src/config/disclosures.ts: disclosures.entityName (…)").
 * @param {string} [root]
 * @param {readonly string[]} [modules]
 * @returns {Promise<string[]>}
 */
export async function placeholdersLeft(root = ROOT, modules = GUARDED_MODULES) {
  const left = [];
  for (const file of modules) {
    const exports = await import(pathToFileURL(path.join(root, file)).href);
    for (const [name, value] of Object.entries(exports)) {
      for (const { at, toFill } of findPlaceholders(value, name)) left.push(`${file}: ${at} (${toFill})`);
    }
  }
  return left;
}

/**
 * What a build must refuse for: nothing unless it is a release.
 * @param {Record<string, string | undefined>} env
 * @param {string} [root]
 * @returns {Promise<string | null>} the error message, or null when the build may go on
 */
export async function releaseProblem(env, root = ROOT) {
  if (!isRelease(env)) return null;
  const left = await placeholdersLeft(root);
  if (left.length === 0) return null;
  return [
    `Release build refused: ${left.length} disclosure value(s) still marked toFill.`,
    'Fill them (README, "Going live: disclosures and leadership") and build again:',
    ...left.map((line) => `  - ${line}`),
  ].join('\n');
}

/** Astro integration: fails `astro build` of a release that still holds placeholders. */
export default function releaseGuard() {
  return {
    name: 'release-guard',
    hooks: {
      'astro:build:start': async () => {
        const problem = await releaseProblem(process.env);
        if (problem) throw new Error(problem);
      },
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const left = await placeholdersLeft();
  for (const line of left) console.log(line);
  const problem = await releaseProblem(process.env);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(
    left.length === 0 ? 'No placeholders left.' : `${left.length} placeholder(s) left (not a release build).`,
  );
}
