import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react';
import { flushSync } from 'react-dom';
import toast from '~/lib/toast';
import { formatUsd } from '~/lib/money';
import {
  fetchUser,
  searchUsers,
  updateBalances,
  watchProfiles,
  type AdminUser,
  type SortColumn,
  type UserPage,
} from '~/lib/admin/users';
import {
  ACCOUNT_LABELS,
  BALANCE_ACCOUNTS,
  canonicalAmount,
  changedAccounts,
  draftErrors,
  reasonError,
  type BalanceAccount,
  type BalanceDraft,
} from '~/lib/admin/balances';
import { isStale } from '~/lib/admin/errors';

// A user's ledger loads when an admin opens it, not with the page.
const LedgerDialog = lazy(() => import('./LedgerDialog'));

export const PAGE_SIZE = 25;
/** From this width (Tailwind's lg) the users show as a table; narrower, as one card per user. */
const WIDE_QUERY = '(min-width: 64rem)';
/** Realtime events arrive in bursts (a save touches one row, a bulk import many): re-read once. */
const REFRESH_DEBOUNCE_MS = 250;

const COLUMNS: { key: SortColumn; label: string; numeric?: boolean }[] = [
  { key: 'created_at', label: 'S/N' },
  { key: 'username', label: 'UserName' },
  { key: 'email', label: 'Email' },
  ...BALANCE_ACCOUNTS.map((key) => ({ key, label: ACCOUNT_LABELS[key], numeric: true })),
];

interface Edit {
  user: AdminUser;
  /** What the admin saw when the edit started (or the fresh values after a refused stale save). */
  original: BalanceDraft;
  version: number;
  draft: BalanceDraft;
  reason: string;
  errors: Partial<Record<BalanceAccount | 'reason', string>>;
  /** Accounts whose stored value moved while the admin was editing (shown beside the field). */
  moved: Partial<BalanceDraft>;
  saving: boolean;
}

function pick(user: AdminUser): BalanceDraft {
  return Object.fromEntries(BALANCE_ACCOUNTS.map((a) => [a, user[a]])) as BalanceDraft;
}

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** One layout is rendered at a time (not both hidden by CSS): half the DOM, one set of labels. */
function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

function message(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d="M13.6 2.6a2 2 0 0 1 2.8 0l1 1a2 2 0 0 1 0 2.8l-9.7 9.7-4.2 1.2 1.2-4.2 8.9-8.9Zm-7.6 9.9-.5 1.9 1.9-.5 7.6-7.6-1.4-1.4L6 12.5Z" />
    </svg>
  );
}

function HistoryIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d="M10 3a7 7 0 1 1-6.6 9.3 1 1 0 1 1 1.9-.6A5 5 0 1 0 6 6.5L7.5 8H3V3.5l1.6 1.6A7 7 0 0 1 10 3Zm0 3a1 1 0 0 1 1 1v2.6l1.9 1.9a1 1 0 0 1-1.4 1.4l-2.2-2.2A1 1 0 0 1 9 10V7a1 1 0 0 1 1-1Z" />
    </svg>
  );
}

function SaveIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

/**
 * The admin users table: server-side search, sort and paging (admin_search_users), live refresh
 * from profile changes, one row editable at a time with audited saves (admin_update_balances), and
 * each row's ledger history. Money stays text: formatUsd for display, the typed text is what is sent.
 */
export default function UsersTable() {
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const [sort, setSort] = useState<SortColumn>('created_at');
  const [ascending, setAscending] = useState(true);
  const [pageIndex, setPageIndex] = useState(0);
  /** Bumped to re-read the current page (live events, after an edit ends). */
  const [refresh, setRefresh] = useState(0);
  /** The last answer, tagged with the query it answers; while they differ the table is loading. */
  const [result, setResult] = useState<{ key: string; page: UserPage | null; error: string | null } | null>(
    null,
  );
  const [edit, setEdit] = useState<Edit | null>(null);
  const [ledgerUser, setLedgerUser] = useState<AdminUser | null>(null);
  const editingRef = useRef(false);
  const refreshPending = useRef(false);
  const searchId = useId();
  const captionId = useId();

  const queryKey = JSON.stringify([appliedSearch, sort, ascending, pageIndex, refresh]);
  useEffect(() => {
    // A slower, older response must not overwrite a newer one: its effect was cleaned up.
    let current = true;
    searchUsers({
      search: appliedSearch,
      sort,
      ascending,
      limit: PAGE_SIZE,
      offset: pageIndex * PAGE_SIZE,
    }).then(
      (page) => {
        if (current) setResult({ key: queryKey, page, error: null });
      },
      (error: unknown) => {
        if (!current) return;
        const text = message(error, 'Could not load the users.');
        setResult((previous) => ({ key: queryKey, page: previous?.page ?? null, error: text }));
        toast.error(text);
      },
    );
    return () => {
      current = false;
    };
  }, [queryKey, appliedSearch, sort, ascending, pageIndex]);
  const page = result?.page ?? null;
  const loading = result?.key !== queryKey;
  const loadError = result?.error ?? null;
  const setPage = (update: (page: UserPage | null) => UserPage | null) =>
    setResult((previous) => (previous ? { ...previous, page: update(previous.page) } : previous));

  // Typing searches after a short pause; a new search starts at page 1.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (search.trim() !== appliedSearch) {
        setAppliedSearch(search.trim());
        setPageIndex(0);
      }
    }, 300);
    return () => window.clearTimeout(timer);
  }, [search, appliedSearch]);

  // Live: sign-ups and balance changes re-read the current page, except while a row is being edited
  // (then once the edit ends).
  useEffect(() => {
    editingRef.current = edit !== null;
  }, [edit]);
  useEffect(() => {
    let timer: number | undefined;
    const stop = watchProfiles(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (editingRef.current) refreshPending.current = true;
        else setRefresh((n) => n + 1);
      }, REFRESH_DEBOUNCE_MS);
    });
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, []);

  function endEdit() {
    setEdit(null);
    if (refreshPending.current) {
      refreshPending.current = false;
      setRefresh((n) => n + 1);
    }
  }

  function changeSort(column: SortColumn) {
    if (column === sort) setAscending((value) => !value);
    else {
      setSort(column);
      setAscending(true);
    }
    setPageIndex(0);
  }

  function startEdit(user: AdminUser) {
    if (edit && edit.user.id !== user.id) {
      toast.error(`Finish or cancel editing ${edit.user.username} first.`);
      return;
    }
    setEdit({
      user,
      original: pick(user),
      version: user.version,
      draft: pick(user),
      reason: '',
      errors: {},
      moved: {},
      saving: false,
    });
  }

  function setField(account: BalanceAccount, value: string) {
    setEdit((current) => {
      if (!current) return current;
      const { [account]: _dropped, ...errors } = current.errors;
      return { ...current, draft: { ...current.draft, [account]: value }, errors };
    });
  }

  async function save(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!edit || edit.saving) return;
    const errors: Edit['errors'] = draftErrors(edit.draft);
    const reasonProblem = reasonError(edit.reason);
    if (reasonProblem) errors.reason = reasonProblem;
    const changes = changedAccounts(edit.original, edit.draft);
    if (Object.keys(errors).length > 0) {
      // Rendered at once so the first field to fix (in the row or card) can take focus.
      flushSync(() => setEdit({ ...edit, errors }));
      event?.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      toast.error('Some values need correcting before saving.');
      return;
    }
    if (Object.keys(changes).length === 0) {
      toast.error('Nothing changed: edit at least one amount before saving.');
      return;
    }
    const name = edit.user.username;
    setEdit({ ...edit, errors: {}, saving: true });
    try {
      const saved = await updateBalances(edit.user.id, edit.version, changes, edit.reason);
      setPage((current) =>
        current
          ? { ...current, rows: current.rows.map((row) => (row.id === saved.id ? saved : row)) }
          : current,
      );
      endEdit();
      toast.success(`Saved ${name}'s balances.`);
    } catch (error) {
      toast.error(message(error, 'Could not save the balances.'));
      if (!isStale(error)) {
        setEdit((current) => (current ? { ...current, saving: false } : current));
        return;
      }
      // Someone else saved first. Merge, losing nothing: amounts this admin typed stay as typed, the
      // untouched ones take the stored values, and the new version is adopted so that a deliberate
      // second save goes through. Fields the other admin changed are marked.
      try {
        const fresh = await fetchUser(edit.user.id);
        const moved: Partial<BalanceDraft> = {};
        const draft = { ...edit.draft };
        for (const account of BALANCE_ACCOUNTS) {
          const seen = canonicalAmount(edit.original[account]);
          if (canonicalAmount(fresh[account]) !== seen) moved[account] = fresh[account];
          if (canonicalAmount(edit.draft[account]) === seen) draft[account] = fresh[account];
        }
        setPage((current) =>
          current
            ? { ...current, rows: current.rows.map((row) => (row.id === fresh.id ? fresh : row)) }
            : current,
        );
        setEdit((current) =>
          current
            ? {
                ...current,
                user: fresh,
                original: pick(fresh),
                version: fresh.version,
                draft,
                moved,
                saving: false,
              }
            : current,
        );
      } catch (readError) {
        toast.error(message(readError, 'Could not load the latest values.'));
        setEdit((current) => (current ? { ...current, saving: false } : current));
      }
    }
  }

  const total = page?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : pageIndex * PAGE_SIZE + 1;
  const last = Math.min(total, (pageIndex + 1) * PAGE_SIZE);

  const wide = useWideLayout();
  const rowHandlers = (user: AdminUser): RowHandlers => ({
    onEdit: () => startEdit(user),
    onCancel: endEdit,
    onField: setField,
    onReason: (reason) =>
      setEdit((current) => {
        if (!current) return current;
        const { reason: _dropped, ...errors } = current.errors;
        return { ...current, reason, errors };
      }),
    onHistory: () => setLedgerUser(user),
  });
  /** What a table row and a phone card both show for one user: the edit in progress wins over the page's copy. */
  const itemProps = (user: AdminUser, index: number) => {
    const editing = edit?.user.id === user.id ? edit : null;
    return {
      user: editing ? editing.user : user,
      serial: pageIndex * PAGE_SIZE + index + 1,
      edit: editing,
      ...rowHandlers(user),
    };
  };
  const emptyText = appliedSearch ? `No users match “${appliedSearch}”.` : 'No users yet.';

  return (
    <section aria-labelledby={captionId} className="card p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="w-full max-w-sm">
          <label htmlFor={searchId} className="field-label">
            Search users
          </label>
          <input
            id={searchId}
            type="search"
            className="field-input"
            placeholder="Name or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                setAppliedSearch(search.trim());
                setPageIndex(0);
              }
            }}
          />
        </div>
        {!wide && (
          <SortPicker
            sort={sort}
            ascending={ascending}
            onSort={(column) => {
              setSort(column);
              setPageIndex(0);
            }}
            onDirection={() => {
              setAscending((value) => !value);
              setPageIndex(0);
            }}
          />
        )}
        <p className="text-sm text-muted" aria-live="polite">
          {loading && !page
            ? 'Loading users…'
            : `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} users`}
        </p>
      </div>

      {loadError && !page && (
        <p role="alert" className="mt-4 text-danger-600">
          {loadError}{' '}
          <button type="button" className="underline" onClick={() => setRefresh((n) => n + 1)}>
            Try again
          </button>
        </p>
      )}

      <form onSubmit={(e) => void save(e)} noValidate>
        {wide ? (
          // Fixed column widths fit 1440 px with the admin sidebar; narrower desktops scroll sideways with
          // the S/N, name and actions columns kept in view (sticky).
          <div className="mt-4 overflow-x-auto" aria-busy={loading}>
            <table className="w-full min-w-[56rem] table-fixed border-collapse text-left text-sm">
              <caption id={captionId} className="sr-only">
                Users and their balances. Column headers sort the table.
              </caption>
              <colgroup>
                <col className="w-10" />
                <col className="w-26" />
                <col className="w-36" />
                {BALANCE_ACCOUNTS.map((account) => (
                  <col key={account} />
                ))}
                <col className="w-26" />
              </colgroup>
              <thead>
                <tr className="border-b border-mist-200 bg-white text-xs text-muted uppercase">
                  {COLUMNS.map((column, index) => (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={sort === column.key ? (ascending ? 'ascending' : 'descending') : 'none'}
                      className={`px-1.5 py-2 align-bottom font-semibold ${column.numeric ? 'text-right' : ''} ${stickyStart(index)}`}
                    >
                      <button
                        type="button"
                        className={`inline-flex min-h-11 items-center gap-1 uppercase hover:text-ink-900 ${column.numeric ? 'justify-end text-right' : 'text-left'}`}
                        onClick={() => changeSort(column.key)}
                      >
                        {column.label}
                        <span aria-hidden="true">{sort === column.key ? (ascending ? '▲' : '▼') : '↕'}</span>
                      </button>
                    </th>
                  ))}
                  <th
                    scope="col"
                    className="sticky right-0 z-10 bg-inherit px-1.5 py-2 align-bottom font-semibold"
                  >
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {!page &&
                  loading &&
                  [0, 1, 2, 3, 4].map((n) => (
                    <tr key={n} aria-hidden="true" className="border-b border-mist-100">
                      <td colSpan={COLUMNS.length + 1} className="px-1.5 py-3">
                        <div className="h-8 animate-pulse rounded bg-mist-100" />
                      </td>
                    </tr>
                  ))}
                {page?.rows.length === 0 && (
                  <tr>
                    <td colSpan={COLUMNS.length + 1} className="px-2 py-8 text-center text-muted">
                      {emptyText}
                    </td>
                  </tr>
                )}
                {page?.rows.map((user, index) => (
                  <UserRow key={user.id} {...itemProps(user, index)} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="mt-4" aria-busy={loading}>
            <h3 id={captionId} className="sr-only">
              Users and their balances
            </h3>
            {page?.rows.length === 0 ? (
              <p className="py-8 text-center text-muted">{emptyText}</p>
            ) : (
              <ul className="space-y-3" aria-labelledby={captionId}>
                {page?.rows.map((user, index) => (
                  <UserCard key={user.id} {...itemProps(user, index)} />
                ))}
              </ul>
            )}
            {!page && loading && <CardSkeleton />}
          </div>
        )}
      </form>

      <nav className="mt-4 flex flex-wrap items-center justify-between gap-3" aria-label="Users pages">
        <button
          type="button"
          className="btn-outline-dark"
          disabled={pageIndex === 0}
          onClick={() => setPageIndex((i) => Math.max(0, i - 1))}
        >
          Previous page
        </button>
        <p className="text-sm text-ink-800">
          Page {pageIndex + 1} of {pageCount}
        </p>
        <button
          type="button"
          className="btn-outline-dark"
          disabled={pageIndex + 1 >= pageCount}
          onClick={() => setPageIndex((i) => i + 1)}
        >
          Next page
        </button>
      </nav>

      {/* Mounted only while open, so a reopened history never shows an earlier read. */}
      {ledgerUser && (
        <Suspense fallback={null}>
          <LedgerDialog user={ledgerUser} onClose={() => setLedgerUser(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** S/N and name stay in view while a narrower desktop scrolls the balances sideways. */
function stickyStart(columnIndex: number): string {
  if (columnIndex === 0) return 'sticky left-0 z-10 bg-inherit';
  if (columnIndex === 1) return 'sticky left-10 z-10 bg-inherit';
  return '';
}

function SortPicker({
  sort,
  ascending,
  onSort,
  onDirection,
}: {
  sort: SortColumn;
  ascending: boolean;
  onSort: (column: SortColumn) => void;
  onDirection: () => void;
}) {
  const id = useId();
  return (
    <div className="flex w-full items-end gap-2 sm:w-auto">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="field-label">
          Sort by
        </label>
        <select
          id={id}
          className="field-input"
          value={sort}
          onChange={(e) => onSort(e.target.value as SortColumn)}
        >
          {COLUMNS.map((column) => (
            <option key={column.key} value={column.key}>
              {column.key === 'created_at' ? 'S/N (sign-up)' : column.label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="btn-outline-dark shrink-0" onClick={onDirection}>
        {ascending ? 'Ascending ▲' : 'Descending ▼'}
      </button>
    </div>
  );
}

function CardSkeleton() {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {[0, 1, 2].map((n) => (
        <li key={n} className="h-48 animate-pulse rounded-card bg-mist-100" />
      ))}
    </ul>
  );
}

interface RowHandlers {
  onEdit: () => void;
  onCancel: () => void;
  onField: (account: BalanceAccount, value: string) => void;
  onReason: (reason: string) => void;
  onHistory: () => void;
}

interface UserRowProps extends RowHandlers {
  user: AdminUser;
  serial: number;
  edit: Edit | null;
}

/** One balance being edited: the input, its label (visible on cards) and its error or "moved" note. */
function AmountInput({
  id,
  account,
  name,
  edit,
  onField,
  visibleLabel,
}: {
  id: string;
  account: BalanceAccount;
  name: string;
  edit: Edit;
  onField: RowHandlers['onField'];
  visibleLabel: boolean;
}) {
  const error = edit.errors[account];
  const moved = edit.moved[account];
  return (
    <>
      <label htmlFor={id} className={visibleLabel ? 'field-label' : 'sr-only'}>
        {ACCOUNT_LABELS[account]}
        <span className="sr-only"> for {name}</span>
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        className={`block min-h-11 w-full min-w-0 rounded-md border px-2 text-right tabular-nums ${error ? 'border-danger-600' : 'border-mist-300'}`}
        value={edit.draft[account]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || moved ? `${id}-note` : undefined}
        onChange={(e) => onField(account, e.target.value)}
        disabled={edit.saving}
      />
      {(error || moved !== undefined) && (
        <p id={`${id}-note`} className={`mt-1 text-xs ${error ? 'text-danger-600' : 'text-accent-700'}`}>
          {error ??
            (canonicalAmount(edit.draft[account]) === canonicalAmount(moved ?? '')
              ? 'Changed by another admin'
              : `Now ${formatUsd(moved)}`)}
        </p>
      )}
    </>
  );
}

function ReasonInput({
  id,
  name,
  edit,
  onReason,
}: {
  id: string;
  name: string;
  edit: Edit;
  onReason: RowHandlers['onReason'];
}) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        Reason for changing {name}&rsquo;s balances
      </label>
      <input
        id={id}
        className={`field-input max-w-xl ${edit.errors.reason ? 'border-danger-600' : ''}`}
        value={edit.reason}
        maxLength={500}
        aria-invalid={edit.errors.reason ? true : undefined}
        aria-describedby={edit.errors.reason ? `${id}-error` : undefined}
        onChange={(e) => onReason(e.target.value)}
        disabled={edit.saving}
        data-autofocus
      />
      {edit.errors.reason && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-600">
          {edit.errors.reason}
        </p>
      )}
      {Object.keys(edit.moved).length > 0 && (
        <p className="mt-2 text-sm text-accent-700">
          Another admin changed these balances while you were editing. The “Now” values are stored; your
          entries are kept. Check them and save again.
        </p>
      )}
    </>
  );
}

/** Edit / save / cancel and history: the same controls, names and labels in the table and the cards. */
function RowActions({
  name,
  edit,
  onEdit,
  onCancel,
  onHistory,
}: Pick<UserRowProps, 'edit' | 'onEdit' | 'onCancel' | 'onHistory'> & { name: string }) {
  const iconButton =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-mist-300 hover:bg-mist-100';
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
            <SaveIcon />
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
        <button
          type="button"
          className={iconButton}
          aria-label={`Edit ${name}`}
          title={`Edit ${name}`}
          onClick={onEdit}
        >
          <PencilIcon />
        </button>
      )}
      <button
        type="button"
        className={iconButton}
        aria-label={`History of ${name}`}
        title={`History of ${name}`}
        onClick={onHistory}
      >
        <HistoryIcon />
      </button>
    </div>
  );
}

function UserRow({ user, serial, edit, onEdit, onCancel, onField, onReason, onHistory }: UserRowProps) {
  const baseId = useId();
  const name = user.username || user.email;
  const rowTint = edit ? 'bg-[#fbf5e6]' : 'bg-white hover:bg-mist-50';
  return (
    <>
      <tr className={`border-b border-mist-100 align-top ${rowTint}`}>
        <td className={`px-1.5 py-3 text-muted ${stickyStart(0)}`}>{serial}</td>
        <td className={`truncate px-1.5 py-3 font-medium ${stickyStart(1)}`} title={user.username}>
          {user.username}
        </td>
        <td className="truncate px-1.5 py-3" title={user.email}>
          {user.email}
        </td>
        {BALANCE_ACCOUNTS.map((account) =>
          edit ? (
            <td key={account} className="px-1 py-2">
              <AmountInput
                id={`${baseId}-${account}`}
                account={account}
                name={name}
                edit={edit}
                onField={onField}
                visibleLabel={false}
              />
            </td>
          ) : (
            <td key={account} className="px-1 py-3 text-right tabular-nums [overflow-wrap:anywhere]">
              {formatUsd(user[account])}
            </td>
          ),
        )}
        <td className="sticky right-0 z-10 bg-inherit px-1.5 py-2">
          <RowActions name={name} edit={edit} onEdit={onEdit} onCancel={onCancel} onHistory={onHistory} />
        </td>
      </tr>
      {edit && (
        <tr className={`border-b border-mist-200 ${rowTint}`}>
          <td className={stickyStart(0)} />
          <td colSpan={BALANCE_ACCOUNTS.length + 3} className="px-2 pb-3">
            <ReasonInput id={`${baseId}-reason`} name={name} edit={edit} onReason={onReason} />
          </td>
        </tr>
      )}
    </>
  );
}

/** A user on a phone or tablet: name, e-mail, the six balances and the same edit flow as the table. */
function UserCard({ user, serial, edit, onEdit, onCancel, onField, onReason, onHistory }: UserRowProps) {
  const baseId = useId();
  const name = user.username || user.email;
  return (
    <li
      className={`rounded-card border p-4 ${edit ? 'border-accent-500 bg-[#fbf5e6]' : 'border-mist-200 bg-white'}`}
      aria-label={name}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-muted">S/N {serial}</p>
          <p className="font-semibold break-words text-ink-950">{user.username}</p>
          <p className="text-sm break-all text-ink-800">{user.email}</p>
        </div>
        {/* While editing, the actions move below the fields, where the thumb is after the reason. */}
        {!edit && (
          <RowActions name={name} edit={edit} onEdit={onEdit} onCancel={onCancel} onHistory={onHistory} />
        )}
      </div>
      {edit ? (
        <div className="mt-4 space-y-4">
          <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:grid-cols-3">
            {BALANCE_ACCOUNTS.map((account) => (
              <div key={account}>
                <AmountInput
                  id={`${baseId}-${account}`}
                  account={account}
                  name={name}
                  edit={edit}
                  onField={onField}
                  visibleLabel
                />
              </div>
            ))}
          </div>
          <div>
            <ReasonInput id={`${baseId}-reason`} name={name} edit={edit} onReason={onReason} />
          </div>
          <RowActions name={name} edit={edit} onEdit={onEdit} onCancel={onCancel} onHistory={onHistory} />
        </div>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {BALANCE_ACCOUNTS.map((account) => (
            <div key={account} className="min-w-0">
              <dt className="text-xs text-muted">{ACCOUNT_LABELS[account]}</dt>
              <dd className="font-medium tabular-nums [overflow-wrap:anywhere] text-ink-950">
                {formatUsd(user[account])}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
