import type { ReactNode } from 'react';
import { formatDateTime } from '../format';

/** A proposal card's heading and its "#id · proposed by … · expires …" line. */
export default function ProposalHeader({
  title,
  id,
  proposer = '',
  from,
  proposedAt,
  expiresAt,
  expired = false,
}: {
  title: ReactNode;
  id: string;
  /** "you" or the proposer's e-mail. */
  proposer?: string;
  /** Instead of "proposed by …": who gave it (a member's own instruction). */
  from?: string;
  proposedAt: string;
  expiresAt: string;
  expired?: boolean;
}) {
  return (
    <header className="flex flex-wrap items-baseline justify-between gap-2">
      <h3 className="font-sans text-base font-semibold text-ink-950 [overflow-wrap:anywhere]">{title}</h3>
      <p className="text-sm text-muted">
        #{id} · {from ?? `proposed by ${proposer}`} ·{' '}
        <time dateTime={proposedAt}>{formatDateTime(proposedAt)}</time> · {expired ? 'expired' : 'expires'}{' '}
        <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>
      </p>
    </header>
  );
}
