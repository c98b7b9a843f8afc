import type { GatewayRequest } from '../gateway/http';
import type { AuthConfig } from '../config';

/**
 * A gobwas/glob pattern with '.' and '/' as separators, as GoTrue compiles additional_redirect_urls:
 * `*` stays within one label or path segment, `**` crosses them, `?` is one non-separator character,
 * `{a,b}` alternatives and `[abc]` / `[!abc]` classes.
 */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === '\\' && i + 1 < glob.length) {
      re += escapeRe(glob[++i] as string);
    } else if (ch === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^/.]*';
    else if (ch === '?') re += '[^/.]';
    else if (ch === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, close)
          .split(',')
          .map((alt) => globToRegExp(alt).source.slice(1, -1))
          .join('|')})`;
        i = close;
      }
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        const body = glob.slice(i + 1, close);
        re += body.startsWith('!') ? `[^${escapeClass(body.slice(1))}]` : `[${escapeClass(body)}]`;
        i = close;
      }
    } else re += escapeRe(ch);
  }
  return new RegExp(`^${re}$`);
}

const escapeRe = (text: string): string => text.replace(/[.+^${}()|[\]\\*?/]/g, '\\$&');
const escapeClass = (text: string): string => text.replace(/[\\\]^]/g, '\\$&');

const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
const DECIMAL_IP = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
// Schemes that run code instead of loading a page: never a redirect target (see isRedirectAllowed).
const SCRIPT_SCHEMES = new Set(['javascript:', 'vbscript:', 'data:']);

/**
 * Go's url.Hostname() from the raw text: WHATWG URL would turn `http://2130706433/` into 127.0.0.1,
 * which GoTrue refuses as a decimal IP.
 */
function hostnameOf(raw: string, parsed: URL): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw)?.[1];
  if (authority === undefined) return parsed.hostname.toLowerCase();
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostPort.startsWith('[') ? hostPort.slice(1, hostPort.indexOf(']')) : hostPort.split(':')[0];
  return (host ?? '').toLowerCase();
}

/** Go's url.Port() with the scheme's default made explicit by WHATWG URL turned back into ''. */
const portOf = (url: URL): string => url.port;

function isLoopbackIp(host: string): boolean | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.startsWith('127.');
  if (host.includes(':')) return host === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(host);
  return undefined;
}

/**
 * GoTrue's IsRedirectURLValid: the site itself (scheme, host and port; any port on a loopback name),
 * a loopback IP address, or a match of the allow-list (without the fragment). One deliberate
 * difference: script schemes (`javascript:`, `data:`, `vbscript:`) are refused even where GoTrue's
 * loopback rule would let them through, because a local server runs on exactly those addresses.
 */
export function isRedirectAllowed(config: AuthConfig, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  let base: URL;
  let ref: URL;
  try {
    base = new URL(config.siteUrl);
    ref = new URL(redirectUrl);
  } catch {
    return false;
  }
  if (SCRIPT_SCHEMES.has(ref.protocol.toLowerCase())) return false;
  const host = hostnameOf(redirectUrl, ref);
  if (
    hostnameOf(config.siteUrl, base) === host &&
    base.protocol === ref.protocol &&
    (portOf(base) === portOf(ref) || LOCALHOST_NAMES.has(host))
  ) {
    return true;
  }
  const isHttp = ref.protocol === 'http:' || ref.protocol === 'https:';
  if (DECIMAL_IP.test(host)) return false;
  const loopback = isLoopbackIp(host);
  if (loopback !== undefined) return loopback;
  if (isHttp && !REGULAR_HOSTNAME.test(host)) return false;
  const withoutFragment = redirectUrl.split('#')[0] ?? redirectUrl;
  return config.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** A checked redirect, or site_url (GoTrue's rule when the wanted one is not allowed). */
export function resolveRedirect(config: AuthConfig, requested: string | null | undefined): string {
  return requested && isRedirectAllowed(config, requested) ? requested : config.siteUrl;
}

/**
 * GoTrue's GetReferrer: `redirect_to` from a header, the query string or the body (`fromBody`), else the Referer
 * header, each only when allowed; otherwise site_url.
 */
export function referrerOf(config: AuthConfig, req: GatewayRequest, fromBody = ''): string {
  const wanted = req.headers['redirect_to'] || req.query.get('redirect_to') || fromBody;
  if (wanted && isRedirectAllowed(config, wanted)) return wanted;
  const referer = req.headers['referer'];
  if (referer && isRedirectAllowed(config, referer)) return referer;
  return config.siteUrl;
}
