import { useCallback, useEffect, useState } from 'react';
import { searchUsers, watchProfiles, type SortColumn, type UserPage } from '~/lib/admin/users';
import { useLoad } from '../../shared/useLoad';
import { PAGE_SIZE } from './columns';

/** Realtime events arrive in bursts (a save touches one row, a bulk import many): re-read once. */
const REFRESH_DEBOUNCE_MS = 250;
/** Typing searches after this pause. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The table's page state: search (typed, then applied after a pause or on Enter), sort, page, the
 * server's answer for them, and live refresh from profile changes (a sign-up, a posted transfer).
 */
export function useUsersPage() {
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const [sort, setSort] = useState<SortColumn>('created_at');
  const [ascending, setAscending] = useState(true);
  const [pageIndex, setPageIndex] = useState(0);

  const load = useCallback(
    () =>
      searchUsers({
        search: appliedSearch,
        sort,
        ascending,
        limit: PAGE_SIZE,
        offset: pageIndex * PAGE_SIZE,
      }),
    [appliedSearch, sort, ascending, pageIndex],
  );
  const { data: page, error, loading, reload } = useLoad<UserPage>(load, 'Could not load the users.');

  /** Enter in the search box: search now, from page 1. */
  const submitSearch = useCallback(() => {
    setAppliedSearch(search.trim());
    setPageIndex(0);
  }, [search]);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      // A new search starts at page 1.
      if (search.trim() !== appliedSearch) {
        setAppliedSearch(search.trim());
        setPageIndex(0);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, appliedSearch]);

  useEffect(() => {
    let timer: number | undefined;
    const stop = watchProfiles(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(reload, REFRESH_DEBOUNCE_MS);
    });
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [reload]);

  /** Header click: the same column flips the direction, another one sorts ascending by it. */
  function changeSort(column: SortColumn) {
    if (column === sort) setAscending((value) => !value);
    else {
      setSort(column);
      setAscending(true);
    }
    setPageIndex(0);
  }
  function pickSort(column: SortColumn) {
    setSort(column);
    setPageIndex(0);
  }
  function flipDirection() {
    setAscending((value) => !value);
    setPageIndex(0);
  }

  return {
    search,
    setSearch,
    appliedSearch,
    submitSearch,
    sort,
    ascending,
    changeSort,
    pickSort,
    flipDirection,
    pageIndex,
    setPageIndex,
    page,
    error,
    loading,
    reload,
  };
}

export type UsersPageState = ReturnType<typeof useUsersPage>;
