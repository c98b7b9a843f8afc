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
import {
  INSTRUCTION_TERMS as I,
  instructionMoves,
  instructionTitle,
  isInstruction,
} from '~/lib/admin/plan-text';

/**
 * A member's pending transfers under their row or on their card: what each would move, who
 * proposed it (or that it is the member's own instruction on a plan), both texts (which one the
 * client reads), and who must approve or accept it.
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
        {transfers.map((t) =>
          isInstruction(t.kind) ? (
            <li key={t.id} data-testid="pending-transfer">
              <p>
                <span className="font-medium">
                  {instructionTitle(t.kind, t.plan_name)} #{t.id}:
                </span>{' '}
                <strong className="whitespace-nowrap tabular-nums">
                  {formatUsd(t.amount.trim().replace(/^-/, ''))}
                </strong>{' '}
                ({instructionMoves(t.kind, t.plan_name)})<span className="text-muted"> · {I.fromMember}</span>
              </p>
            </li>
          ) : (
            <li key={t.id} data-testid="pending-transfer">
              <p>
                <span className="font-medium">
                  {transferKindLabel(t.kind)} #{t.id}:
                </span>{' '}
                <strong className="whitespace-nowrap tabular-nums">
                  {formatUsd(t.amount, { signed: true })}
                </strong>{' '}
                {movementText(t.amount, t.account)}
                {t.plan && ` (${t.plan_name})`}
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
          ),
        )}
      </ul>
      {transfers.some((t) => !isInstruction(t.kind)) && (
        <p className="mt-1 text-muted">{SECOND_APPROVER_TEXT}</p>
      )}
      {transfers.some((t) => isInstruction(t.kind)) && <p className="mt-1 text-muted">{I.whoActs}</p>}
    </div>
  );
}
