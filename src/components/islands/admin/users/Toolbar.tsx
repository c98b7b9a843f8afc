import { useId } from 'react';
import type { SortColumn } from '~/lib/admin/users';
import Field, { FieldFrame } from '../../shared/Field';
import { COLUMNS, PAGE_SIZE } from './columns';
import type { UsersPageState } from './useUsersPage';
import { countText as count } from '~/lib/digits';

/** Search, the sort picker (cards have no header to click) and what part of the list is shown. */
export default function Toolbar({ state, wide }: { state: UsersPageState; wide: boolean }) {
  const searchId = useId();
  const { page, loading, pageIndex } = state;
  const total = page?.total ?? 0;
  const first = total === 0 ? 0 : pageIndex * PAGE_SIZE + 1;
  const last = Math.min(total, (pageIndex + 1) * PAGE_SIZE);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <Field
        id={searchId}
        label="Search users"
        className="w-full max-w-sm"
        type="search"
        placeholder="Name or e-mail"
        value={state.search}
        onChange={(e) => state.setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') state.submitSearch();
        }}
      />
      {!wide && <SortPicker state={state} />}
      <p className="text-sm text-muted" aria-live="polite">
        {loading && !page
          ? 'Loading users…'
          : `Showing ${count(first)}–${count(last)} of ${count(total)} users`}
      </p>
    </div>
  );
}

function SortPicker({ state }: { state: UsersPageState }) {
  const id = useId();
  return (
    <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
      <FieldFrame id={id} label="Sort by" className="min-w-40 flex-1">
        <select
          id={id}
          className="field-input"
          value={state.sort}
          onChange={(e) => state.pickSort(e.target.value as SortColumn)}
        >
          {COLUMNS.map((column) => (
            <option key={column.key} value={column.key}>
              {column.key === 'created_at' ? 'S/N (sign-up)' : column.label}
            </option>
          ))}
        </select>
      </FieldFrame>
      <button type="button" className="btn-outline-dark shrink-0" onClick={state.flipDirection}>
        {state.ascending ? 'Ascending ▲' : 'Descending ▼'}
      </button>
    </div>
  );
}
