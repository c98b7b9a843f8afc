import Icon from '../../shared/Icon';
import { CORRECTION_ENTRY } from '~/lib/admin/correction-entry';

export interface RowHandlers {
  /** Absent: the role may not propose corrections, or the account is the staff member's own. */
  onCorrect?: (() => void) | undefined;
  /** Absent: the role may not read ledgers (support). */
  onHistory?: (() => void) | undefined;
}

const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-mist-300 hover:bg-mist-100';

/**
 * "Credit / debit" and history: the same controls and names in the table and the cards. In the
 * table's narrow actions column they are icons with their names as labels and tooltips; on a card
 * "Credit / debit" is written out.
 */
export default function RowActions({
  name,
  onCorrect,
  onHistory,
  wide,
}: RowHandlers & { name: string; wide: boolean }) {
  const correct = CORRECTION_ENTRY.title(name);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {onCorrect &&
        (wide ? (
          <button
            type="button"
            className={iconButton}
            aria-label={correct}
            title={correct}
            onClick={onCorrect}
          >
            <Icon name="plusminus" />
          </button>
        ) : (
          <button
            type="button"
            className={`${iconButton} gap-1 px-3 text-sm`}
            aria-label={correct}
            onClick={onCorrect}
          >
            <Icon name="plusminus" />
            {CORRECTION_ENTRY.button}
          </button>
        ))}
      {onHistory && (
        <button
          type="button"
          className={iconButton}
          aria-label={`History of ${name}`}
          title={`History of ${name}`}
          onClick={onHistory}
        >
          <Icon name="history" />
        </button>
      )}
    </div>
  );
}
