/**
 * Build-time raster images: the 1200x630 social preview (og:image) and the 180x180 apple-touch icon.
 * Pure JS/WASM so they render the same on any build machine (Netlify included) without Chromium or
 * platform binaries: satori lays out the design and turns text into paths (fonts read from
 * @fontsource packages in node_modules, never the network), resvg-wasm rasterises the SVG to PNG.
 * Only the prerendered endpoints in src/pages import this; it never reaches the browser.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import satori from 'satori';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { site } from '~/config/site';
import { themeColor } from '~/styles/theme';

export const SOCIAL_IMAGE = { width: 1200, height: 630, path: '/og-image.png' } as const;
export const TOUCH_ICON = { size: 180, path: '/apple-touch-icon.png' } as const;

/** The design tokens of src/styles/global.css that the images use. */
const colour = {
  ink950: themeColor('ink-950'),
  ink900: themeColor('ink-900'),
  ink700: themeColor('ink-700'),
  accent400: themeColor('accent-400'),
  mist300: themeColor('mist-300'),
  white: 'white',
} as const;

// Resolved from the project root: the bundled endpoint's own URL lies inside the build folder.
const requireFromRoot = createRequire(join(process.cwd(), 'package.json'));
const fontFile = (pkg: string, file: string) =>
  readFile(join(requireFromRoot.resolve(`${pkg}/package.json`), '..', 'files', file));

let wasmReady: Promise<void> | undefined;
function ensureWasm(): Promise<void> {
  wasmReady ??= readFile(requireFromRoot.resolve('@resvg/resvg-wasm/index_bg.wasm')).then(initWasm);
  return wasmReady;
}

/** A satori node: the React element shape without React (satori reads only type and props). */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string };
}
const box = (style: Node['props']['style'], ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** The brand mark of public/favicon.svg (an L in brass with a white bar), drawn at `size` px. */
function mark(size: number): Node {
  const unit = size / 64;
  return box(
    {
      width: size,
      height: size,
      borderRadius: 14 * unit,
      backgroundColor: colour.ink900,
      position: 'relative',
    },
    box({
      position: 'absolute',
      left: 18 * unit,
      top: 14 * unit,
      width: 8 * unit,
      height: 36 * unit,
      backgroundColor: colour.accent400,
    }),
    box({
      position: 'absolute',
      left: 18 * unit,
      top: 42 * unit,
      width: 28 * unit,
      height: 8 * unit,
      backgroundColor: colour.accent400,
    }),
    box({
      position: 'absolute',
      left: 34 * unit,
      top: 14 * unit,
      width: 12 * unit,
      height: 8 * unit,
      backgroundColor: colour.white,
    }),
  );
}

async function toPng(tree: Node, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const [serif, sans, sansBold] = await Promise.all([
    fontFile('@fontsource/source-serif-4', 'source-serif-4-latin-600-normal.woff'),
    fontFile('@fontsource/inter', 'inter-latin-400-normal.woff'),
    fontFile('@fontsource/inter', 'inter-latin-600-normal.woff'),
    ensureWasm(),
  ]);
  // satori's types want a ReactNode; our plain node tree is exactly the shape it reads.
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: [
      { name: 'Serif', data: serif, weight: 600, style: 'normal' },
      { name: 'Sans', data: sans, weight: 400, style: 'normal' },
      { name: 'Sans', data: sansBold, weight: 600, style: 'normal' },
    ],
  });
  const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render();
  // A copy on a plain ArrayBuffer (what Response accepts), independent of the WASM memory freed next.
  const png = new Uint8Array(rendered.asPng());
  rendered.free();
  return png;
}

/** The 1200x630 preview: brand mark and name, the tagline as the headline, the four services. */
export function renderSocialImage(): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height } = SOCIAL_IMAGE;
  const [first, ...rest] = site.tagline.split(' ');
  const tree = box(
    {
      // satori sizes boxes content-box: the padding comes on top of width and height.
      width: width - 2 * 96,
      height: height - 2 * 72,
      padding: '72px 96px',
      flexDirection: 'column',
      justifyContent: 'space-between',
      backgroundImage: `linear-gradient(135deg, ${colour.ink950} 0%, ${colour.ink700} 100%)`,
      fontFamily: 'Sans',
      color: colour.white,
    },
    box(
      { alignItems: 'center', gap: 24 },
      mark(72),
      box({ fontFamily: 'Serif', fontSize: 40, fontWeight: 600 }, site.name),
    ),
    box(
      { flexDirection: 'column', fontFamily: 'Serif', fontSize: 76, fontWeight: 600, lineHeight: 1.1 },
      box({}, first ?? ''),
      box({ color: colour.accent400 }, rest.join(' ')),
    ),
    box(
      {
        fontSize: 28,
        color: colour.mist300,
        borderTopWidth: 3,
        borderTopStyle: 'solid',
        borderTopColor: colour.accent400,
        paddingTop: 20,
      },
      'Lending · Asset management · Liquidity · Custody',
    ),
  );
  return toPng(tree, width, height);
}

/** The 180x180 home-screen icon (iOS draws its own rounded corners, so the mark fills the square). */
export function renderTouchIcon(): Promise<Uint8Array<ArrayBuffer>> {
  const { size } = TOUCH_ICON;
  return toPng(box({ width: size, height: size, backgroundColor: colour.ink900 }, mark(size)), size, size);
}
