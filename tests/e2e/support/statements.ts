import { SERVICE_ROLE_KEY, supabaseUrl } from './env';

/**
 * A closed month to put a member's history in: the month before last in Hong Kong time, always
 * closed whenever the suite runs, with a moment in its middle and its first and last days.
 */
export function monthBeforeLast(now = Date.now()): {
  month: string;
  mid: string;
  first: string;
  last: string;
} {
  const hk = new Date(now + 8 * 3_600_000);
  const start = new Date(Date.UTC(hk.getUTCFullYear(), hk.getUTCMonth() - 2, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const month = iso(start).slice(0, 7);
  return { month, mid: `${month}-15T12:00:00+08:00`, first: iso(start), last: iso(end) };
}

/** Moves all of a member's history to `at` (the local server's test hook). */
export async function backdate(userId: string, at: string): Promise<void> {
  const response = await fetch(
    `${supabaseUrl}/__local/backdate?user_id=${userId}&at=${encodeURIComponent(at)}`,
    { headers: { apikey: SERVICE_ROLE_KEY } },
  );
  if (!response.ok) throw new Error(`backdate failed: ${response.status} ${await response.text()}`);
}
