import type { IncomingMessage, ServerResponse } from 'node:http';

/** What every service handler receives once the gateway has done its part. */
export interface GatewayRequest {
  method: string;
  /** Path below the service prefix, e.g. `/token` for `/auth/v1/token`. */
  path: string;
  query: URLSearchParams;
  /** Lower-cased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The bearer token after the gateway's key mapping, if any. */
  bearer: string | undefined;
  /** The body as UTF-8 text (JSON services). */
  body: string;
  /** The body's bytes (file uploads). */
  bytes: Buffer;
  raw: IncomingMessage;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** A binary body (a downloaded file), sent instead of `body`. */
  bytes?: Buffer;
}

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Longest request line accepted; longer ones get 414 as the hosted edge answers. */
export const MAX_URL_BYTES = 16 * 1024;

/** A body over the route's limit: the gateway answers 413 instead of reading on. */
export class PayloadTooLarge extends Error {
  constructor() {
    super('Payload Too Large');
  }
}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return; // drained and dropped, so the client still reads the 413
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        reject(new PayloadTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

export function send(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  extra: Record<string, string>,
): void {
  const headers = { ...extra, ...reply.headers };
  res.writeHead(reply.status, headers);
  const body = reply.bytes ?? reply.body;
  if (req.method === 'HEAD' || body === undefined || reply.status === 204 || reply.status === 304) res.end();
  else res.end(body);
}
