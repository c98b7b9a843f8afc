import type { APIRoute } from 'astro';
import { renderTouchIcon } from '~/lib/social-image';

/** The home-screen icon, rendered to /apple-touch-icon.png when the site is built. */
export const GET: APIRoute = async () =>
  new Response(await renderTouchIcon(), { headers: { 'Content-Type': 'image/png' } });
