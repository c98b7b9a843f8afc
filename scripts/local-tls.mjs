// A throwaway TLS certificate for 127.0.0.1, so local benchmarks can serve the site over HTTP/2 as
// Netlify's CDN does (browsers speak HTTP/2 only over TLS). Made with Debian's `openssl` into a
// temporary folder for one run; Chromium is told to trust exactly this key (its SPKI hash), not to
// ignore certificate errors in general.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * @returns {{ key: string, cert: string, spki: string, dispose: () => void }} file paths, the
 *   base64 SHA-256 of the public key (for --ignore-certificate-errors-spki-list), and a clean-up.
 */
export function localCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const openssl = (/** @type {string[]} */ args, /** @type {Buffer | undefined} */ input = undefined) =>
    execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'ignore'] });
  try {
    openssl([
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `Could not make a local TLS certificate with openssl (apt install openssl), or pass --http1: ${String(error)}`,
    );
  }
  const publicKey = openssl(['x509', '-in', cert, '-pubkey', '-noout']);
  const der = openssl(['pkey', '-pubin', '-outform', 'der'], publicKey);
  const spki = openssl(['dgst', '-sha256', '-binary'], der).toString('base64');
  return { key, cert, spki, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
