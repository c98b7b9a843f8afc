import { formatDateTime as firmDateTime } from '../../../lib/date-time';

/** Dates in admin views: the firm's one format with seconds, so close events keep their order. */
export function formatDateTime(iso: string | null | undefined): string {
  return firmDateTime(iso, { seconds: true });
}
