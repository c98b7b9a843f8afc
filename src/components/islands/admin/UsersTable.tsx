import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
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
import LedgerDialog from './LedgerDialog';

export const PAGE_SIZE = 25;
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

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (!edit || edit.saving) return;
    const errors: Edit['errors'] = draftErrors(edit.draft);
    const reasonProblem = reasonError(edit.reason);
    if (reasonProblem) errors.reason = reasonProblem;
    const changes = changedAccounts(edit.original, edit.draft);
    if (Object.keys(errors).length > 0) {
      setEdit({ ...edit, errors });
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
        <div className="mt-4 overflow-x-auto" aria-busy={loading}>
          <table className="w-full min-w-[72rem] border-collapse text-left text-sm">
            <caption id={captionId} className="sr-only">
              Users and their balances. Column headers sort the table.
            </caption>
            <thead>
              <tr className="border-b border-mist-200 text-xs text-muted uppercase">
                {COLUMNS.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sort === column.key ? (ascending ? 'ascending' : 'descending') : 'none'}
                    className={`px-2 py-2 font-semibold ${column.numeric ? 'text-right' : ''}`}
                  >
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center gap-1 uppercase hover:text-ink-900"
                      onClick={() => changeSort(column.key)}
                    >
                      {column.label}
                      <span aria-hidden="true">{sort === column.key ? (ascending ? '▲' : '▼') : '↕'}</span>
                    </button>
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {page?.rows.length === 0 && (
                <tr>
                  <td colSpan={COLUMNS.length + 1} className="px-2 py-8 text-center text-muted">
                    {appliedSearch ? `No users match “${appliedSearch}”.` : 'No users yet.'}
                  </td>
                </tr>
              )}
              {page?.rows.map((user, index) => {
                const editing = edit?.user.id === user.id ? edit : null;
                return (
                  <UserRow
                    key={user.id}
                    user={editing ? editing.user : user}
                    serial={pageIndex * PAGE_SIZE + index + 1}
                    edit={editing}
                    onEdit={() => startEdit(user)}
                    onCancel={endEdit}
                    onField={setField}
                    onReason={(reason) =>
                      setEdit((current) => {
                        if (!current) return current;
                        const { reason: _dropped, ...errors } = current.errors;
                        return { ...current, reason, errors };
                      })
                    }
                    onHistory={() => setLedgerUser(user)}
                  />
                );
              })}
            </tbody>
          </table>
        </div>
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
      {ledgerUser && <LedgerDialog user={ledgerUser} onClose={() => setLedgerUser(null)} />}
    </section>
  );
}

interface UserRowProps {
  user: AdminUser;
  serial: number;
  edit: Edit | null;
  onEdit: () => void;
  onCancel: () => void;
  onField: (account: BalanceAccount, value: string) => void;
  onReason: (reason: string) => void;
  onHistory: () => void;
}

function UserRow({ user, serial, edit, onEdit, onCancel, onField, onReason, onHistory }: UserRowProps) {
  const baseId = useId();
  const name = user.username || user.email;
  return (
    <>
      <tr className={`border-b border-mist-100 align-top ${edit ? 'bg-accent-300/15' : 'hover:bg-mist-50'}`}>
        <td className="px-2 py-3 text-muted">{serial}</td>
        <td className="px-2 py-3 font-medium break-all">{user.username}</td>
        <td className="px-2 py-3 break-all">{user.email}</td>
        {BALANCE_ACCOUNTS.map((account) => {
          if (!edit) {
            return (
              <td key={account} className="px-2 py-3 text-right tabular-nums">
                {formatUsd(user[account])}
              </td>
            );
          }
          const inputId = `${baseId}-${account}`;
          const error = edit.errors[account];
          const moved = edit.moved[account];
          return (
            <td key={account} className="px-1 py-2">
              <label htmlFor={inputId} className="sr-only">
                {ACCOUNT_LABELS[account]} for {name}
              </label>
              <input
                id={inputId}
                inputMode="decimal"
                autoComplete="off"
                className={`block min-h-11 w-28 rounded-md border px-2 text-right tabular-nums ${error ? 'border-danger-600' : 'border-mist-300'}`}
                value={edit.draft[account]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error || moved ? `${inputId}-note` : undefined}
                onChange={(e) => onField(account, e.target.value)}
                disabled={edit.saving}
              />
              {(error || moved !== undefined) && (
                <p
                  id={`${inputId}-note`}
                  className={`mt-1 w-28 text-xs ${error ? 'text-danger-600' : 'text-accent-700'}`}
                >
                  {error ??
                    (canonicalAmount(edit.draft[account]) === canonicalAmount(moved ?? '')
                      ? 'Changed by another admin'
                      : `Now ${formatUsd(moved)}`)}
                </p>
              )}
            </td>
          );
        })}
        <td className="px-2 py-2">
          <div className="flex items-center gap-1">
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
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-mist-300 hover:bg-mist-100"
                aria-label={`Edit ${name}`}
                title={`Edit ${name}`}
                onClick={onEdit}
              >
                <PencilIcon />
              </button>
            )}
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-md px-2 text-sm text-ink-700 underline"
              aria-label={`History of ${name}`}
              onClick={onHistory}
            >
              History
            </button>
          </div>
        </td>
      </tr>
      {edit && (
        <tr className="border-b border-mist-200 bg-accent-300/15">
          <td />
          <td colSpan={BALANCE_ACCOUNTS.length + 3} className="px-2 pb-3">
            <label htmlFor={`${baseId}-reason`} className="field-label">
              Reason for changing {name}&rsquo;s balances
            </label>
            <input
              id={`${baseId}-reason`}
              className={`field-input max-w-xl ${edit.errors.reason ? 'border-danger-600' : ''}`}
              value={edit.reason}
              maxLength={500}
              aria-invalid={edit.errors.reason ? true : undefined}
              aria-describedby={edit.errors.reason ? `${baseId}-reason-error` : undefined}
              onChange={(e) => onReason(e.target.value)}
              disabled={edit.saving}
              data-autofocus
            />
            {edit.errors.reason && (
              <p id={`${baseId}-reason-error`} className="mt-1 text-sm text-danger-600">
                {edit.errors.reason}
              </p>
            )}
            {Object.keys(edit.moved).length > 0 && (
              <p className="mt-2 text-sm text-accent-700">
                Another admin changed these balances while you were editing. The “Now” values are stored; your
                entries are kept. Check them and save again.
              </p>
            )}
          </td>
          <td />
        </tr>
      )}
    </>
  );
}
