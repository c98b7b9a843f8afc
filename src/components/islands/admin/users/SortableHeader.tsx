import type { SortColumn } from '~/lib/admin/users';
import { COLUMNS, stickyStart } from './columns';

/** The table's header row: every column sorts on click and says how it is sorted (aria-sort). */
export default function SortableHeader({
  sort,
  ascending,
  onSort,
}: {
  sort: SortColumn;
  ascending: boolean;
  onSort: (column: SortColumn) => void;
}) {
  return (
    <thead>
      <tr className="border-b border-mist-200 bg-white text-xs text-muted uppercase">
        {COLUMNS.map((column, index) => (
          <th
            key={column.key}
            scope="col"
            aria-sort={sort === column.key ? (ascending ? 'ascending' : 'descending') : 'none'}
            className={`px-1.5 py-2 align-bottom font-semibold ${column.numeric ? 'text-end' : ''} ${stickyStart(index)}`}
          >
            <button
              type="button"
              className={`inline-flex min-h-11 items-center gap-1 uppercase hover:text-ink-900 ${column.numeric ? 'justify-end text-end' : 'text-start'}`}
              onClick={() => onSort(column.key)}
            >
              {column.label}
              <span aria-hidden="true">{sort === column.key ? (ascending ? '▲' : '▼') : '↕'}</span>
            </button>
          </th>
        ))}
        <th scope="col" className="sticky inset-e-0 z-10 bg-inherit px-1.5 py-2 align-bottom font-semibold">
          Actions
        </th>
      </tr>
    </thead>
  );
}
