import { LOW_STOCK_AT_MOST, type AdminProductRow } from '@store/shared/admin-products';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminProducts } from '../api/admin-products';
import { AdminDataTable, type AdminTableSort } from './admin-data-table';
import { dollars, sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import './admin-product.css';

const PER_PAGE = 20;
const SORTABLE = ['title', 'price', 'stock', 'updated_at'] as const;
type SortColumn = (typeof SORTABLE)[number];

const column = createColumnHelper<AdminProductRow>();
const columns = [
  column.accessor('sku', { header: 'SKU', meta: { label: 'SKU' } }),
  column.accessor('title', {
    header: 'Title',
    cell: (c) => <Link to={`/admin/products/${encodeURIComponent(c.row.original.sku)}`}>{c.getValue()}</Link>,
    meta: { rowHeader: true },
  }),
  column.accessor('price', {
    header: 'Price',
    cell: (c) => dollars(c.getValue()),
    meta: { label: 'Price', numeric: true },
  }),
  column.accessor('sale_price', {
    header: 'Sale price',
    cell: (c) => {
      const sale = c.getValue();
      return sale === null ? <span className="admin-product-none">None</span> : dollars(sale);
    },
    meta: { label: 'Sale price', numeric: true },
  }),
  column.accessor('stock', {
    header: 'Stock',
    cell: (c) => {
      const stock = c.getValue();
      if (stock === null) return <span className="admin-product-none">Not tracked</span>;
      return stock <= LOW_STOCK_AT_MOST ? (
        <span className="admin-product-low">
          {stock} <span className="admin-product-low__word">low</span>
        </span>
      ) : (
        stock
      );
    },
    meta: { label: 'Stock', numeric: true },
  }),
  column.accessor('is_featured', {
    header: 'Featured',
    cell: (c) => (c.getValue() ? 'Yes' : 'No'),
    meta: { label: 'Featured' },
  }),
  column.accessor('updated_at', {
    header: 'Updated',
    cell: (c) => sydneyDateTime(c.getValue()),
    meta: { label: 'Updated' },
  }),
];

/**
 * /admin/products (issue 12): every product, sortable by title, price, stock and last change, searched by SKU or
 * title, with a low-stock filter (stock ≤ 5); each title opens its editor. Filters live in the URL's search params.
 */
export function AdminProductsPage() {
  useAdminTitle('Products');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const lowStock = params.get('low_stock') === 'true';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortId: SortColumn = SORTABLE.find((s) => s === params.get('sort')) ?? 'title';
  const direction = params.get('direction') === 'desc' ? 'desc' : 'asc';
  const [search, setSearch] = useState(q);
  const products = useAdminProducts({
    q: q || undefined,
    low_stock: lowStock ? 'true' : undefined,
    page,
    per_page: PER_PAGE,
    sort: sortId,
    direction,
  });

  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || null, page: null });
  };
  const onSort = (sort: AdminTableSort) => update({ sort: sort.id, direction: sort.direction, page: null });
  const filtered = Boolean(q || lowStock);

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-product-heading">
        <h1 id="admin-page-title">Products</h1>
        <Link className="button" to="/admin/products/import">
          Import products
        </Link>
      </div>
      <div className="admin-toolbar admin-product-toolbar">
        <form role="search" aria-label="Search products" className="admin-product-search" onSubmit={onSearch}>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-products-q">
              SKU or title
            </label>
            <input
              id="admin-products-q"
              className="admin-input"
              type="search"
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <button type="submit" className="button">
            Search
          </button>
        </form>
        <div className="admin-product-check">
          <input
            id="admin-products-low"
            type="checkbox"
            checked={lowStock}
            onChange={(e) => update({ low_stock: e.target.checked ? 'true' : null, page: null })}
          />
          <label htmlFor="admin-products-low">Low stock only ({LOW_STOCK_AT_MOST} or fewer)</label>
        </div>
        {filtered && (
          <Link className="admin-product-clear" to="/admin/products" onClick={() => setSearch('')}>
            Clear filters
          </Link>
        )}
      </div>
      {products.isPending ? (
        <p role="status">Loading products…</p>
      ) : products.isError ? (
        <p role="alert" className="admin-form__alert">
          The products did not load: {products.error.message}
        </p>
      ) : (
        <AdminDataTable
          caption="Products"
          columns={columns}
          rows={products.data.data}
          total={products.data.total}
          page={page}
          perPage={PER_PAGE}
          onPageChange={(p) => update({ page: String(p) })}
          sort={{ id: sortId, direction }}
          sortableColumns={SORTABLE}
          onSortChange={onSort}
          getRowId={(r) => r.sku}
          emptyMessage={filtered ? 'No products match these filters.' : 'No products yet: import a CSV.'}
          busy={products.isFetching}
        />
      )}
    </section>
  );
}
