import Icon from '../../shared/Icon';
import type { Edit } from './useBalanceEdit';

export interface RowHandlers {
  /** Absent: the role may not propose balance changes, or a change already awaits approval. */
  onEdit?: (() => void) | undefined;
  onCancel: () => void;
  /** Absent: the role may not read ledgers (support). */
  onHistory?: (() => void) | undefined;
}

const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-mist-300 hover:bg-mist-100';

/** Edit / save / cancel and history: the same controls, names and labels in the table and the cards. */
export default function RowActions({
  name,
  edit,
  onEdit,
  onCancel,
  onHistory,
}: RowHandlers & { name: string; edit: Edit | null }) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      {edit ? (
        <>
          <button
            type="submit"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md bg-ink-900 text-white hover:bg-ink-700 disabled:opacity-60"
            aria-label={`Save ${name}`}
            title={`Save ${name}`}
            disabled={edit.saving}
          >
            <Icon name="check" />
          </button>
          <button
            type="button"
            className="inline-flex min-h-11 items-center rounded-md px-2 text-sm underline"
            aria-label={`Cancel editing ${name}`}
            onClick={onCancel}
            disabled={edit.saving}
          >
            Cancel
          </button>
        </>
      ) : (
        onEdit && (
          <button
            type="button"
            className={iconButton}
            aria-label={`Edit ${name}`}
            title={`Edit ${name}`}
            onClick={onEdit}
          >
            <Icon name="pencil" />
          </button>
        )
      )}
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
