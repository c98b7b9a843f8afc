import type { APIRoute } from 'astro';
import { sitemapRoutes } from '~/config/navigation';

/** Public, indexable pages only: auth, member and admin pages are noindex and never listed. */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('https://www.liquidcapital.example');
  const urls = sitemapRoutes.map((path) => `  <url><loc>${new URL(path, base).href}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
