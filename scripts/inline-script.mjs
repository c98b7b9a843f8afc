// A Vite plugin: `import code from '~/path/module.ts?inline-script'` gives the module bundled with
// everything it imports into one self-contained, minified script, as a string, for a page to put
// inline (`<script is:inline set:html={code} />`).
//
// Why: a script that must run before any other request finishes (the member pages' early balance
// read, src/components/islands/member/early-balances.ts) cannot wait for its own file, let alone the
// files it imports; inline, it starts with the HTML. It is still written in TypeScript beside the code
// it shares (the money formatting, the profile columns, the Supabase settings), not copied by hand.
// The CSP allows it by its hash like Astro's own inline scripts (scripts/postbuild-headers.mjs).
//
// The bundle gets the same PUBLIC_ variables as the rest of the site (import.meta.env.PUBLIC_*).
import path from 'node:path';
import { build } from 'esbuild';

const SUFFIX = '?inline-script';

/**
 * @param {{ srcDir: string }} options  the folder the `~` alias points to
 * @returns {import('vite').Plugin}
 */
export default function inlineScripts({ srcDir }) {
  /** @type {Record<string, string>} */
  let env = {};
  return {
    name: 'liquid-capital:inline-script',
    enforce: 'pre',
    configResolved(config) {
      env = Object.fromEntries(
        Object.entries(config.env).filter(
          ([key, value]) => key.startsWith('PUBLIC_') && typeof value === 'string',
        ),
      );
    },
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const bare = source.slice(0, -SUFFIX.length);
      const resolved = await this.resolve(bare, importer, { skipSelf: true });
      return resolved ? `${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const entry = id.slice(0, -SUFFIX.length);
      /** @type {Record<string, string>} */
      const define = { 'import.meta.env': JSON.stringify(env) };
      for (const [key, value] of Object.entries(env))
        define[`import.meta.env.${key}`] = JSON.stringify(value);
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        format: 'iife',
        minify: true,
        write: false,
        target: 'es2022',
        platform: 'browser',
        alias: { '~': path.resolve(srcDir) },
        define,
        metafile: true,
        logLevel: 'silent',
      });
      // Vite watches what the bundle was made from, so an edit to any of it rebuilds the page.
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(path.resolve(input));
      const code = result.outputFiles[0]?.text.trim() ?? '';
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
