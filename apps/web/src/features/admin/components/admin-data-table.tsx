import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name as a phone shows it before each value (rows become cards there). */
    label?: string;
    /** The cell names its row (a `<th scope="row">`): the invoice number, the product's title. */
    rowHeader?: boolean;
    /** Right-aligned figures (money, counts). */
    numeric?: boolean;
    /** Only to keep TanStack's generics in use. */
    _types?: [TData, TValue];
  }
}

export type SortDirection = 'asc' | 'desc';

export interface AdminTableSort {
  /** A column id that the server can sort by. */
  id: string;
  direction: SortDirection;
}

export interface AdminDataTableProps<Row> {
  /** The table's caption and accessible name, e.g. 'Orders'. The count is added: 'Orders (1,204)'. */
  caption: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column list mixes value types
  columns: ColumnDef<Row, any>[];
  rows: Row[];
  /** Rows matching on the server (every page). */
  total: number;
  /** 1-based. */
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  /** The server's current order; columns listed in `sortableColumns` get a sort button in their header. */
  sort?: AdminTableSort;
  sortableColumns?: readonly string[];
  onSortChange?: (sort: AdminTableSort) => void;
  getRowId: (row: Row) => string;
  /** Said in place of the table when nothing matches, e.g. 'No orders match these filters.' */
  emptyMessage: string;
  /** A fetch for another page is under way (the rows shown are the previous page's). */
  busy?: boolean;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * One paged back-office table (issue 12), built on TanStack Table with the server doing the paging and sorting:
 * the caption carries the count, sortable headers are buttons that say their order (`aria-sort`), a row header
 * names each row, and below the table the page controls ('Page 2 of 9', Previous, Next). On a phone the rows
 * become stacked cards with each value labelled (admin.css). Keyboard: every control is a real button or link.
 */
export function AdminDataTable<Row>({
  caption,
  columns,
  rows,
  total,
  page,
  perPage,
  onPageChange,
  sort,
  sortableColumns = [],
  onSortChange,
  getRowId,
  emptyMessage,
  busy = false,
}: AdminDataTableProps<Row>) {
  // TanStack Table hands back functions the React Compiler cannot memoise; the table is small and re-renders
  // only when its page of rows does.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    rowCount: total,
  });
  const pages = Math.max(1, Math.ceil(total / perPage));
  const captionId = `admin-table-${caption.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

  if (total === 0 && rows.length === 0) {
    return (
      <p className="admin-soon" role="status">
        {emptyMessage}
      </p>
    );
  }

  return (
    <div className="admin-data-table" aria-busy={busy}>
      <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="admin-table">
          <caption id={captionId}>
            {caption} ({total.toLocaleString('en-AU')})
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const sortable = sortableColumns.includes(id) && onSortChange;
                  const current = sort?.id === id ? sort.direction : undefined;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={current ? ARIA_SORT[current] : undefined}
                      className={header.column.columnDef.meta?.numeric ? 'admin-table__numeric' : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="admin-sort"
                          onClick={() => onSortChange({ id, direction: current === 'desc' ? 'asc' : 'desc' })}
                        >
                          {label}
                          <span aria-hidden="true" className="admin-sort__arrow">
                            {current === 'asc' ? '▲' : current === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                  const className = meta?.numeric ? 'admin-table__numeric' : undefined;
                  return meta?.rowHeader ? (
                    <th key={cell.id} scope="row" className={className}>
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} data-label={meta?.label ?? cell.column.id} className={className}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="admin-pager" aria-label={`${caption} pages`}>
          <button
            type="button"
            className="button admin-button--secondary"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </button>
          <span aria-live="polite">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button admin-button--secondary"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
