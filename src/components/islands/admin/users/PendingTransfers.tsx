import type { PendingTransfer } from '~/lib/admin/transfers';
import { formatQuantity, formatRate } from '~/lib/assets';
import { formatUsd } from '~/lib/money';
import {
  CLIENT_TEXT_LABEL,
  INTERNAL_NOTE_LABEL,
  SECOND_APPROVER_TEXT,
  TRANSFER_TERMS as W,
  categoryLabel,
  movementText,
  transferKindLabel,
} from '~/lib/admin/transfer-text';

/**
 * A member's pending transfers under their row or on their card: what each would move, who
 * proposed it, both texts (which one the client reads), and who must approve it.
 */
export default function PendingTransfers({
  transfers,
  viewerId,
}: {
  transfers: readonly PendingTransfer[];
  viewerId: string;
}) {
  return (
    <div className="rounded-md border border-accent-300 bg-accent-50 p-2 text-sm text-ink-900">
      <p className="font-semibold">{W.awaiting}</p>
      <ul className="mt-1 space-y-2 [overflow-wrap:anywhere]">
        {transfers.map((t) => (
          <li key={t.id} data-testid="pending-transfer">
            <p>
              <span className="font-medium">
                {transferKindLabel(t.kind)} #{t.id}:
              </span>{' '}
              <strong className="whitespace-nowrap tabular-nums">
                {formatUsd(t.amount, { signed: true })}
              </strong>{' '}
              {movementText(t.amount, t.account)}
              {t.category && ` (${categoryLabel(t.category)})`}
              {t.quantity && ` · ${formatQuantity(t.quantity, t.asset)} at ${formatRate(t.rate, t.asset)}`}
              <span className="text-muted">
                {' '}
                · {W.proposedBy(t.proposed_by === viewerId ? W.you : t.proposed_by_email || W.anotherAdmin)}
              </span>
            </p>
            <p className="text-muted">
              {CLIENT_TEXT_LABEL}: “{t.client_text}”
            </p>
            {t.internal_note && (
              <p className="text-muted">
                {INTERNAL_NOTE_LABEL}: “{t.internal_note}”
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-muted">{SECOND_APPROVER_TEXT}</p>
    </div>
  );
}
