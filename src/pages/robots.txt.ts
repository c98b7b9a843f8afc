import type { APIRoute } from 'astro';

/** Crawlers may read the public site; private areas are disallowed and every page there is noindex too. */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('https://www.liquidcapital.example');
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /user',
    'Disallow: /user-dashboard',
    'Disallow: /admin',
    '',
    `Sitemap: ${new URL('/sitemap.xml', base).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
