/**
 * A filter like `id=in.(…)` travels in the URL, and proxies refuse long ones (Node answers 431
 * above 16 KB; hosted gateways have similar limits): 500 user ids are 18 KB. Lists of ids are
 * therefore sent in batches of this many (about 3.7 KB of UUIDs each).
 */
export const IDS_PER_REQUEST = 100;

export function idBatches<T>(ids: readonly T[], size = IDS_PER_REQUEST): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
