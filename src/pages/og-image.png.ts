import type { APIRoute } from 'astro';
import { renderSocialImage } from '~/lib/social-image';

/** The social preview, rendered to /og-image.png when the site is built (see src/lib/social-image.ts). */
export const GET: APIRoute = async () =>
  new Response(await renderSocialImage(), { headers: { 'Content-Type': 'image/png' } });
