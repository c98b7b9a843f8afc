import type { IncomingMessage } from 'node:http';

// The union of what GoTrue and PostgREST expose; without these a browser hides the auth error code
// (X-Supabase-Api-Version) and the row count (Content-Range).
const EXPOSED = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'Preference-Applied',
  'X-Supabase-Api-Version',
  'X-Sb-Error-Code',
  'X-Total-Count',
  'Link',
  'WWW-Authenticate',
].join(', ');

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': EXPOSED,
  };
  if (origin) {
    headers['access-control-allow-credentials'] = 'true';
    headers['vary'] = 'Origin';
  }
  return headers;
}

export function preflightHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  return {
    ...corsHeaders(req),
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'access-control-allow-headers':
      typeof requested === 'string' && requested
        ? requested
        : 'apikey, authorization, content-type, x-client-info, x-supabase-api-version, accept-profile, content-profile, prefer, x-retry-count, traceparent',
    'access-control-max-age': '86400',
  };
}
