import type { AuthConfig } from '../config';

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^/.]*';
    else if (ch === '?') re += '[^/.]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** GoTrue's rule: same host as site_url, or a match in the allow-list (globs); else site_url. */
export function resolveRedirect(config: AuthConfig, requested: string | null | undefined): string {
  if (!requested) return config.siteUrl;
  try {
    const url = new URL(requested);
    const site = new URL(config.siteUrl);
    if (url.hostname === site.hostname) return requested;
  } catch {
    return config.siteUrl;
  }
  const stripped = requested.split('#')[0] ?? requested;
  const allowed = config.additionalRedirectUrls.some((pattern) => {
    const re = globToRegExp(pattern);
    return re.test(stripped) || re.test(stripped.split('?')[0] ?? stripped);
  });
  return allowed ? requested : config.siteUrl;
}
