import type { APIRoute } from 'astro';
import { sitemapRoutes, translatedRoutes } from '~/config/navigation';
import { localeInfo, localePath, locales } from '~/i18n/locales';

/**
 * Public, indexable pages only: auth, member and admin pages are noindex and never listed. A page
 * built in every language is listed once per language, each entry naming all of them (and English as
 * x-default) as alternates, as search engines ask of a multilingual sitemap.
 */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('https://www.liquidcapital.example');
  const href = (path: string) => new URL(path, base).href;
  const entries = sitemapRoutes.flatMap((path) => {
    if (!translatedRoutes.includes(path)) return [`  <url><loc>${href(path)}</loc></url>`];
    const alternates = [
      ...locales.map(
        (l) =>
          `    <xhtml:link rel="alternate" hreflang="${localeInfo[l].htmlLang}" href="${href(localePath(l, path))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${href(path)}"/>`,
    ].join('\n');
    return locales.map(
      (l) => `  <url>\n    <loc>${href(localePath(l, path))}</loc>\n${alternates}\n  </url>`,
    );
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
