import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The client's address as hosted Supabase's edge (Cloudflare) reports it: `cf-connecting-ip`, set by
 * the edge to the address that connected to it, whatever the client sent; PostgREST hands it to
 * Postgres in `request.headers`, and the contact form's SQL limit keys on it. `x-forwarded-for` is
 * only appended to, as a proxy does: its left entries stay whatever the client wrote, so nothing may
 * trust them. The address is the socket's peer; only when that peer is a configured trusted proxy
 * (a load balancer in front of this server) does the resolver read the forwarded chain, and then it
 * takes the right-most entry that is not itself a trusted proxy.
 */
export class ClientAddressResolver {
  private readonly trusted = new BlockList();
  private readonly hasTrusted: boolean;

  /** `trustedProxies`: addresses or CIDR ranges, e.g. `10.0.0.0/8`, `::1`. */
  constructor(trustedProxies: readonly string[] = []) {
    for (const entry of trustedProxies) addTrusted(this.trusted, entry);
    this.hasTrusted = trustedProxies.length > 0;
  }

  /** The socket's peer, one spelling per client; 'unknown' when the socket has none. */
  peer(req: IncomingMessage): string {
    return normalizeAddress(req.socket.remoteAddress ?? '') || 'unknown';
  }

  resolve(req: IncomingMessage): string {
    const peer = normalizeAddress(req.socket.remoteAddress ?? '');
    if (!peer || !this.hasTrusted || !this.isTrusted(peer)) return peer || 'unknown';
    const chain = forwardedChain(req.headers['x-forwarded-for']);
    for (let i = chain.length - 1; i >= 0; i -= 1) {
      const hop = chain[i]!;
      if (!this.isTrusted(hop)) return hop;
    }
    // Every hop is a trusted proxy (or there was no chain): the left-most one is the origin.
    return chain[0] ?? peer;
  }

  private isTrusted(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/**
 * Forwards the request as hosted's edge does: `cf-connecting-ip` is the resolved client address
 * (replacing anything the client sent), and the socket peer is appended to `x-forwarded-for`.
 */
export function withClientAddress(headers: Record<string, string>, address: string, peer: string): void {
  headers['cf-connecting-ip'] = address;
  const chain = (headers['x-forwarded-for'] ?? '').trim();
  headers['x-forwarded-for'] = chain === '' ? peer : `${chain}, ${peer}`;
}

/** `LOCAL_SUPABASE_TRUSTED_PROXIES="10.0.0.0/8, 192.0.2.1"` → its entries; empty when unset. */
export function parseTrustedProxies(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function addTrusted(list: BlockList, entry: string): void {
  const [address = '', prefix] = entry.split('/');
  const normalized = normalizeAddress(address);
  const family = isIP(normalized);
  if (family === 0) throw new Error(`Trusted proxy "${entry}" is not an IP address or CIDR range.`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(normalized, type);
    return;
  }
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
    throw new Error(`Trusted proxy "${entry}" has an invalid prefix length.`);
  }
  list.addSubnet(normalized, bits, type);
}

/** Valid entries of a forwarded chain, left (origin) to right (nearest hop). */
function forwardedChain(header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  return joined
    .split(',')
    .map((entry) => normalizeAddress(entry.trim()))
    .filter((entry) => entry !== '');
}

/**
 * A bare IP address or '' when `value` is not one. IPv4-mapped IPv6 (`::ffff:1.2.3.4`, what a
 * dual-stack socket reports for IPv4 peers) becomes plain IPv4, so one client has one spelling.
 */
export function normalizeAddress(value: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value);
  const address = mapped ? mapped[1]! : value;
  return isIP(address) === 0 ? '' : address.toLowerCase();
}
