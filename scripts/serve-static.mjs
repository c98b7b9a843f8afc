#!/usr/bin/env node
// Serves a built site the way Netlify does for our purposes: pretty URLs (/aboutus -> aboutus.html),
// the designed 404 page with status 404, and gzip for text. Used by browser tests and benchmarks.
// Usage: node scripts/serve-static.mjs --dir dist --port 4400 [--tls-key key.pem --tls-cert cert.pem]
// With a key and certificate it speaks HTTP/2 over TLS (and HTTP/1.1 to clients that ask for it),
// as Netlify's CDN does: requests share one connection and repeated headers are compressed (HPACK).
import http from 'node:http';
import http2 from 'node:http2';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '4400' },
    'tls-key': { type: 'string' },
    'tls-cert': { type: 'string' },
  },
});
const root = path.resolve(values.dir);
const port = Number(values.port);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

function resolveFile(urlPath) {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [clean, `${clean}.html`, path.join(clean, 'index.html')];
  for (const candidate of candidates) {
    const full = path.join(root, candidate);
    if (!full.startsWith(root)) continue;
    try {
      if (fs.statSync(full).isFile()) return full;
    } catch {
      /* try the next candidate */
    }
  }
  return undefined;
}

/** Extra headers per request path; scripts/netlify-headers.mjs supplies Netlify's rules when present. */
let headersFor = () => ({});
try {
  const mod = await import('./netlify-headers.mjs');
  headersFor = mod.headersForPath;
} catch {
  /* no header rules yet */
}

/** @param {http.IncomingMessage | http2.Http2ServerRequest} req @param {http.ServerResponse | http2.Http2ServerResponse} res */
function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let file = resolveFile(url.pathname);
  let status = 200;
  if (!file) {
    file = path.join(root, '404.html');
    status = 404;
  }
  const ext = path.extname(file);
  const type = TYPES[ext] ?? 'application/octet-stream';
  const headers = { 'Content-Type': type, ...headersFor(url.pathname) };
  let body;
  try {
    body = fs.readFileSync(file);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  const compressible = /^(text\/|application\/(json|xml|manifest)|image\/svg)/.test(type);
  if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    body = zlib.gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
    headers['Vary'] = 'Accept-Encoding';
  }
  headers['Content-Length'] = String(body.length);
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const tls =
  values['tls-key'] && values['tls-cert']
    ? { key: fs.readFileSync(values['tls-key']), cert: fs.readFileSync(values['tls-cert']) }
    : undefined;
const server = tls
  ? http2.createSecureServer({ ...tls, allowHTTP1: true }, handle)
  : http.createServer(handle);

server.listen(port, '127.0.0.1', () => {
  console.log(`Serving ${root} on ${tls ? 'https' : 'http'}://127.0.0.1:${port}`);
});
