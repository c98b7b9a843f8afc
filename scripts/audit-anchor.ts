#!/usr/bin/env -S npx tsx
/**
 * Prints an anchor of the audit log, the newest event's number and hash, as one line of JSON:
 * `npm run audit:anchor`. Run it on a schedule (daily, say) and keep what it prints somewhere this
 * database's owner cannot rewrite (a write-once bucket, the compliance mailbox). An auditor checks a
 * kept anchor on /admin/audit: if the log up to that event was rewritten, even with every hash
 * recomputed, the event's hash no longer matches (docs/four-eyes.md, "Anchors").
 *
 *   SUPABASE_URL=https://<project>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<service role key> \
 *     npm run audit:anchor >> anchors.jsonl
 *
 * Without those variables it reads the local server. It uses the service role, so it runs on a
 * trusted machine only.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { pathToFileURL } from 'node:url';
import { takeAuditAnchor, type AuditAnchor } from '../src/lib/admin/audit-query';
import { DbError, NOT_ALLOWED } from '../src/lib/db-errors';
import { serviceClient } from './grant-admin';

export async function anchorLine(client: SupabaseClient): Promise<string> {
  try {
    const anchor: AuditAnchor = await takeAuditAnchor(client);
    return JSON.stringify(anchor);
  } catch (error) {
    // Any key but the service role (or a staff session) has no execute on the function.
    if (error instanceof DbError && error.code === NOT_ALLOWED) {
      throw new Error(
        `The key was refused (${error.message}). Set SUPABASE_SERVICE_ROLE_KEY to the project's service_role key.`,
      );
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  anchorLine(serviceClient())
    .then((line) => console.log(line))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
