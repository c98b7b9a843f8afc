import {
  approveTransfer,
  rejectTransfer,
  withdrawTransfer,
  type PendingTransfer,
} from '~/lib/admin/transfers';
import {
  CLIENT_TEXT_LABEL,
  INTERNAL_NOTE_LABEL,
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
import { isOwnAccount } from '~/lib/admin/staff';
import { reasonLabel } from '~/lib/admin/reason';
import { ACCEPT_INSTRUCTION, APPROVE_TRANSFER } from '~/lib/admin/approval-text';
import { ACCOUNT_LABELS } from '~/lib/accounts';
import { formatQuantity, formatRate } from '~/lib/assets';
import { formatUsd } from '~/lib/money';
import type { StaffSession } from '../AdminArea';
import DecisionActions, { PROPOSAL_WORDS, type DecisionWords } from './DecisionActions';
import ProposalHeader from './ProposalHeader';

const accountLabel = (account: string) => (ACCOUNT_LABELS as Record<string, string>)[account] ?? account;

/** A member's instruction is accepted or declined, and the member reads the reason for a decline. */
const INSTRUCTION_WORDS: DecisionWords = {
  approve: I.accept,
  reject: I.decline,
  rejectNow: I.declineNow,
  reason: reasonLabel(I.reason, true),
  rejected: I.declined,
  expired: I.expired,
  // Never shown: an instruction is the member's, so no admin is its proposer.
  retract: PROPOSAL_WORDS.retract,
  retracted: PROPOSAL_WORDS.retracted,
};

/**
 * One pending transfer (a correction, a valued deposit's credit, or a member's instruction on a plan):
 * what it moves on which of the member's accounts, the asset, quantity and rate of a deposit, the
 * plan, the text the client will read and the staff-only note (each labelled), who proposed it, and
 * what this admin may do with it. A member's instruction is accepted or declined, not approved.
 */
export default function PendingTransferCard({
  transfer: t,
  session,
  onDone,
}: {
  transfer: PendingTransfer;
  session: StaffSession;
  onDone: () => void;
}) {
  if (isInstruction(t.kind)) return <InstructionCard transfer={t} session={session} onDone={onDone} />;
  const mine = t.proposed_by === session.userId;
  const kind = transferKindLabel(t.kind);
  const credit = !t.amount.trim().startsWith('-');
  const rows: Row[] = [
    { term: W.member, value: t.email },
    { term: W.account, value: accountLabel(t.account) },
    { term: credit ? W.credit : W.debit, value: formatUsd(t.amount, { signed: true }), testId: 'amount' },
  ];
  if (t.plan) rows.push({ term: I.plan, value: t.plan_name });
  if (t.category) rows.push({ term: W.category, value: categoryLabel(t.category) });
  if (t.quantity) {
    rows.push({ term: W.received, value: formatQuantity(t.quantity, t.asset) });
    rows.push({ term: W.rate, value: formatRate(t.rate, t.asset) });
    if (t.rate_source) rows.push({ term: W.rateSource, value: t.rate_source });
  }
  if (t.source === 'deposit_notice' && t.source_id) rows.push({ term: W.notice, value: `#${t.source_id}` });
  rows.push({ term: CLIENT_TEXT_LABEL, value: t.client_text });
  if (t.internal_note) rows.push({ term: INTERNAL_NOTE_LABEL, value: t.internal_note });

  return (
    <li className="card p-5">
      <article aria-label={`Transfer #${t.id}: ${kind} for ${t.email}`}>
        <ProposalHeader
          title={
            <>
              {kind}: <span className="whitespace-nowrap">{formatUsd(t.amount, { signed: true })}</span>{' '}
              {credit ? 'to' : 'from'} {accountLabel(t.account)}
            </>
          }
          id={t.id}
          proposer={mine ? W.you : t.proposed_by_email || W.anotherAdmin}
          proposedAt={t.created_at}
          expiresAt={t.expires_at}
          expired={t.expired}
        />
        <Rows rows={rows} />
        <DecisionActions
          mine={mine}
          mayDecide={session.can.moveMoney}
          ownAccount={isOwnAccount(t.user_id, session.userId)}
          expired={t.expired}
          subject={W.subject(kind, t.email)}
          approved={W.approved(kind, formatUsd(t.amount, { signed: true }), t.email)}
          confirm={{
            title: APPROVE_TRANSFER.title(kind, formatUsd(t.amount, { signed: true })),
            effect: APPROVE_TRANSFER.effect(
              formatUsd(t.amount, { signed: true }),
              movementText(t.amount, t.account),
              t.email,
            ),
          }}
          approve={() => approveTransfer(t.id)}
          reject={(reason) => rejectTransfer(t.id, reason)}
          withdraw={() => withdrawTransfer(t.id)}
          onDone={onDone}
        />
      </article>
    </li>
  );
}

interface Row {
  term: string;
  value: string;
  testId?: string;
}

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map((r) => (
        <div key={r.term} className="contents">
          <dt className="text-muted">{r.term}</dt>
          <dd
            className="break-words text-ink-900 tabular-nums [overflow-wrap:anywhere]"
            data-testid={r.testId}
          >
            {r.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A member's instruction awaiting finance: "Investment in the Gold plan — member's instruction", the
 * amount and which accounts it moves. The member gave it (the first pair of eyes), so any finance
 * admin or owner may accept it, or decline it with a reason the member reads.
 */
function InstructionCard({
  transfer: t,
  session,
  onDone,
}: {
  transfer: PendingTransfer;
  session: StaffSession;
  onDone: () => void;
}) {
  const title = instructionTitle(t.kind, t.plan_name);
  // Shown unsigned: the title says which way it goes.
  const amount = formatUsd(t.amount.trim().replace(/^-/, ''));
  const rows: Row[] = [
    { term: W.member, value: t.email },
    { term: I.plan, value: t.plan_name },
    { term: I.amount, value: amount, testId: 'amount' },
    { term: I.moves, value: instructionMoves(t.kind, t.plan_name) },
    { term: CLIENT_TEXT_LABEL, value: t.client_text },
  ];
  if (t.internal_note) rows.push({ term: INTERNAL_NOTE_LABEL, value: t.internal_note });
  return (
    <li className="card p-5">
      <article aria-label={`Transfer #${t.id}: ${title} for ${t.email}`}>
        <ProposalHeader
          title={
            <>
              {title}: <span className="whitespace-nowrap">{amount}</span>{' '}
              <span className="font-normal text-muted">— {I.suffix}</span>
            </>
          }
          id={t.id}
          from={I.fromMember}
          proposedAt={t.created_at}
          expiresAt={t.expires_at}
          expired={t.expired}
        />
        <Rows rows={rows} />
        <DecisionActions
          mine={false}
          mayDecide={session.can.moveMoney}
          ownAccount={isOwnAccount(t.user_id, session.userId)}
          expired={t.expired}
          subject={I.subject(title, t.email)}
          approved={I.accepted(title, amount, t.email)}
          confirm={{
            title: ACCEPT_INSTRUCTION.title(title, amount),
            effect: ACCEPT_INSTRUCTION.effect(amount, instructionMoves(t.kind, t.plan_name), t.email),
          }}
          approve={() => approveTransfer(t.id)}
          reject={(reason) => rejectTransfer(t.id, reason)}
          withdraw={() => Promise.resolve()}
          onDone={onDone}
          words={INSTRUCTION_WORDS}
        />
      </article>
    </li>
  );
}
