import { PAGE_SIZE } from './columns';

/** Previous / next through the server's pages; "Page n of m" from the total the server reported. */
export default function Pagination({
  pageIndex,
  total,
  onPage,
}: {
  pageIndex: number;
  total: number;
  onPage: (index: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-3" aria-label="Users pages">
      <button
        type="button"
        className="btn-outline-dark"
        disabled={pageIndex === 0}
        onClick={() => onPage(Math.max(0, pageIndex - 1))}
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
        onClick={() => onPage(pageIndex + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
