import { createHash } from 'node:crypto';

/** A well-formed transaction id for tests: 64 hex digits (valid on every network), named by `label`. */
export function testTxId(label: string): string {
  return createHash('sha256').update(label).digest('hex');
}
