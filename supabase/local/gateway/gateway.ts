import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ClientAddressResolver, withClientAddress } from './client-address';
import { corsHeaders, preflightHeaders } from './cors';
import {
  json,
  MAX_URL_BYTES,
  PayloadTooLarge,
  readBody,
  send,
  type GatewayRequest,
  type Reply,
} from './http';
import { holdsServiceKey, isProjectKey, mapAuthorization, type JwtVerifier, type Keys } from './keys';
import { isOpen, matchRoute, ROUTES, type RouteMatch, type ServiceName } from './routes';

/** A service behind the gateway: GoTrue, PostgREST, Realtime's HTTP side, the development routes. */
export type Service = (request: GatewayRequest) => Promise<Reply>;

export interface GatewayOptions {
  keys: Keys;
  verifier: JwtVerifier;
  /** Proxies whose X-Forwarded-For is believed. */
  trustedProxies?: string[] | undefined;
  services: Record<ServiceName, Service>;
  /** WebSocket upgrades (Realtime). */
  onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

const INVALID_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};
const MISSING_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
const NEEDS_SERVICE_KEY = {
  message: 'The local outbox needs the service_role or sb_secret_ key (apikey header).',
};
const INDEX = {
  name: 'local supabase',
  auth: '/auth/v1',
  rest: '/rest/v1',
  realtime: '/realtime/v1/websocket',
  storage: '/storage/v1',
};

function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * The HTTP front of the local Supabase, as Kong is for a hosted project: routes by ROUTES, checks
 * the key each route asks for, sets the client address the database's rate limits key on, adds CORS
 * where a route allows browsers, and turns any failure into an answer (never a dropped server).
 */
export function createGateway(options: GatewayOptions): Server {
  const { keys, verifier, services } = options;
  const clientAddress = new ClientAddressResolver(options.trustedProxies);

  async function refusal(match: RouteMatch, request: GatewayRequest): Promise<Reply | undefined> {
    const apikey = request.headers['apikey'] ?? request.query.get('apikey') ?? undefined;
    if (match.route.key === 'service-key') {
      const allowed = await holdsServiceKey(keys, verifier, apikey, request.headers['authorization']);
      return allowed ? undefined : json(401, NEEDS_SERVICE_KEY);
    }
    if (match.route.key === 'none' || isOpen(match, request.method)) return undefined;
    if (!apikey) return json(401, MISSING_KEY);
    return (await isProjectKey(keys, verifier, apikey)) ? undefined : json(401, INVALID_KEY);
  }

  async function route(req: IncomingMessage, match: RouteMatch | undefined, url: URL): Promise<Reply> {
    if (!match) {
      return url.pathname === '/'
        ? json(200, INDEX)
        : json(404, { message: 'no Route matched with those values' });
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const headers = lowerCaseHeaders(req);
    // As hosted's edge does: the database's rate limits key on cf-connecting-ip, which the client cannot set.
    withClientAddress(headers, clientAddress.resolve(req), clientAddress.peer(req));
    const apikey = headers['apikey'] ?? url.searchParams.get('apikey') ?? undefined;
    const request: GatewayRequest = {
      method,
      path: match.path,
      query: url.searchParams,
      headers,
      bearer: mapAuthorization(keys, headers['authorization'], apikey),
      body: '',
      bytes: Buffer.alloc(0),
      raw: req,
    };
    const refused = await refusal(match, request);
    if (refused) return refused;
    if (method !== 'GET' && method !== 'HEAD') {
      request.bytes = await readBody(req, match.route.maxBodyBytes);
      request.body = request.bytes.toString('utf8');
    }
    return services[match.route.service](request);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const match = matchRoute(url.pathname, ROUTES);
    const browsers = match?.route.cors ?? true;
    const cors = browsers ? corsHeaders(req) : {};
    if ((req.method ?? '').toUpperCase() === 'OPTIONS') {
      if (browsers) res.writeHead(200, preflightHeaders(req));
      else res.writeHead(403);
      res.end();
      return;
    }
    if ((req.url ?? '').length > MAX_URL_BYTES) {
      send(req, res, json(414, { message: 'URI Too Long' }), corsHeaders(req));
      return;
    }
    route(req, match, url)
      .then((reply) => send(req, res, reply, cors))
      .catch((error: unknown) => {
        if (error instanceof PayloadTooLarge) {
          send(
            req,
            res,
            json(413, { message: 'Payload Too Large' }, { connection: 'close' }),
            corsHeaders(req),
          );
          return;
        }
        // A bug in one request must never take the server down.
        console.error('[local-supabase] unhandled request error:', error);
        if (!res.headersSent) send(req, res, json(500, { message: 'Internal server error' }), cors);
        else res.end();
      });
  });
  server.on('upgrade', options.onUpgrade);
  server.on('clientError', answerClientError);
  // An idle connection is closed by the client, not under it: Node's 5 s default can close a socket
  // the client (undici keeps idle sockets 4 s) is just reusing when the event loop ran late, and
  // the request fails with ECONNRESET. Hosted Supabase's proxies keep idle connections far longer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** Over-long URLs overflow Node's header limit: answer 414 (431 for other big headers), never a reset. */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  if (error.code === 'HPE_HEADER_OVERFLOW' && socket.writable) {
    const firstLine = (error.rawPacket?.toString('latin1') ?? '').split('\r\n')[0] ?? '';
    const status =
      firstLine.length > MAX_URL_BYTES || !firstLine.endsWith('HTTP/1.1')
        ? '414 URI Too Long'
        : '431 Request Header Fields Too Large';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    return;
  }
  socket.destroy();
}
