import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let css: string | undefined;

/**
 * A colour token of global.css's @theme, as its literal value, for the few build-time places that
 * cannot use CSS (the theme-color meta tag, the social images). The stylesheet stays the one source.
 * Read from the project root, as social-image.ts reads its fonts: a bundled module's own URL lies
 * inside the build folder. Never imported by browser code.
 */
export function themeColor(name: string): string {
  css ??= readFileSync(join(process.cwd(), 'src', 'styles', 'global.css'), 'utf8');
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
  if (!match?.[1]) throw new Error(`global.css has no colour token --color-${name}`);
  return match[1];
}
