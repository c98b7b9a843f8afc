/**
 * The gateway's routes as data, as Supabase's kong.yml declares them: which path prefix goes to
 * which service, what key it needs and whether browsers may call it (CORS). The first matching
 * prefix wins; a path no route claims gets Kong's 404.
 */
export type ServiceName = 'auth' | 'rest' | 'realtime' | 'storage' | 'local';

export type KeyRequirement =
  /** Any project API key (anon, service_role, sb_publishable_, sb_secret_) in apikey (header or query). */
  | 'api-key'
  /** Only the service_role or sb_secret_ key (apikey or bearer): development tools reading secrets. */
  | 'service-key'
  /**
   * No key check at the gateway: the service checks the JWT itself, as kong.yml's storage route
   * (only the cors plugin) leaves it to the storage server; signed and public URLs carry no key.
   */
  | 'none';

export interface GatewayRoute {
  service: ServiceName;
  /** Matched as a whole path segment: `/auth/v1` takes `/auth/v1` and `/auth/v1/…`, not `/auth/v10`. */
  prefix: string;
  key: KeyRequirement;
  /** GET paths (below the prefix) that pass without a key: links opened from an e-mail carry none. */
  openGetPaths?: readonly string[];
  /** Browsers may call it: CORS headers on answers, preflights allowed. Off, preflights get 403. */
  cors: boolean;
  /** Largest request body read (413 above); MAX_BODY_BYTES when not given. */
  maxBodyBytes?: number;
}

export const ROUTES: readonly GatewayRoute[] = [
  {
    service: 'auth',
    prefix: '/auth/v1',
    key: 'api-key',
    openGetPaths: ['/verify', '/callback', '/authorize'],
    cors: true,
  },
  { service: 'rest', prefix: '/rest/v1', key: 'api-key', cors: true },
  { service: 'realtime', prefix: '/realtime/v1', key: 'api-key', cors: true },
  // Uploads up to the storage service's own limit (50 MiB) plus a multipart envelope; the service
  // answers storage's EntityTooLarge for a file over its limit, the gateway 413 beyond this.
  { service: 'storage', prefix: '/storage/v1', key: 'none', cors: true, maxBodyBytes: 51 * 1024 * 1024 },
  // For this machine's tools and tests, never for web pages: a page open in the developer's browser
  // must not read mailed links or authenticator codes.
  { service: 'local', prefix: '/__local', key: 'service-key', cors: false },
];

export interface RouteMatch {
  route: GatewayRoute;
  /** The path below the prefix, at least `/`. */
  path: string;
}

export function matchRoute(
  pathname: string,
  routes: readonly GatewayRoute[] = ROUTES,
): RouteMatch | undefined {
  for (const route of routes) {
    if (pathname === route.prefix) return { route, path: '/' };
    if (pathname.startsWith(`${route.prefix}/`)) return { route, path: pathname.slice(route.prefix.length) };
  }
  return undefined;
}

/** Whether this request may pass without any key. */
export function isOpen(match: RouteMatch, method: string): boolean {
  return method === 'GET' && (match.route.openGetPaths ?? []).includes(match.path);
}
