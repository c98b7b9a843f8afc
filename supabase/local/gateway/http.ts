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
  body: string;
  raw: IncomingMessage;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('Payload too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
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
  if (req.method === 'HEAD' || reply.body === undefined || reply.status === 204 || reply.status === 304)
    res.end();
  else res.end(reply.body);
}
