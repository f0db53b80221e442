import { LOW_STOCK_RULE } from '@store/shared/admin-dashboard';
import {
  ADMIN_PRICE_LABELS,
  exGstTextOf,
  LOW_STOCK_AT_MOST,
  type AdminProductRow,
} from '@store/shared/admin-products';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useAdminProducts } from '../api/admin-products';
import { AdminQueryTable } from './admin-load-state';
import { dollars, sydneyDateTime } from '../admin-format';
import { AdminSearchForm, type AdminSearchFormHandle } from './admin-search-form';
import { AdminExportButton } from './admin-export-button';
import { downloadExport } from '../api/admin-reports';
import { useAdminTitle } from './use-admin-title';
import { useListParams } from '../use-list-params';
import { useStoreGstPercent } from '../use-store-gst-percent';
import './admin-product.css';

const PER_PAGE = 20;
const SORTABLE = ['title', 'price', 'stock', 'updated_at'] as const;

const column = createColumnHelper<AdminProductRow>();

/** A shelf price inc. GST (dollars) with its ex-GST figure under it (issue 34 §7). */
function PriceCell({ dollarsText, gstPercent }: { dollarsText: string; gstPercent: number }) {
  const ex = exGstTextOf(dollarsText, gstPercent);
  return (
    <>
      {dollars(dollarsText)}
      {ex && <span className="admin-product-ex-price">{ex}</span>}
    </>
  );
}

const columnsAt = (gstPercent: number) => [
  column.accessor('sku', { header: 'SKU', meta: { label: 'SKU' } }),
  column.accessor('title', {
    header: 'Title',
    cell: (c) => (
      <>
        <Link to={`/admin/products/${encodeURIComponent(c.row.original.sku)}`}>{c.getValue()}</Link>
        {c.row.original.archived && <span className="admin-product-archived"> Archived</span>}
      </>
    ),
    meta: { rowHeader: true },
  }),
  column.accessor('price', {
    header: ADMIN_PRICE_LABELS.listPrice,
    cell: (c) => <PriceCell dollarsText={c.getValue()} gstPercent={gstPercent} />,
    meta: { label: ADMIN_PRICE_LABELS.listPrice, numeric: true },
  }),
  column.accessor('sale_price', {
    header: ADMIN_PRICE_LABELS.listSalePrice,
    cell: (c) => {
      const sale = c.getValue();
      return sale === null ? (
        <span className="admin-product-none">None</span>
      ) : (
        <PriceCell dollarsText={sale} gstPercent={gstPercent} />
      );
    },
    meta: { label: ADMIN_PRICE_LABELS.listSalePrice, numeric: true },
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
 * Prices are shelf prices inc. GST, each with its ex-GST figure under it (issue 34 §7).
 */
export function AdminProductsPage() {
  useAdminTitle('Products');
  const gstPercent = useStoreGstPercent();
  const columns = useMemo(() => columnsAt(gstPercent), [gstPercent]);
  const { params, page, q, update, search, readSort, setSort, setPage } = useListParams();
  const lowStock = params.get('low_stock') === 'true';
  const sort = readSort(SORTABLE, { id: 'title', direction: 'asc' });
  const searchForm = useRef<AdminSearchFormHandle>(null);
  const products = useAdminProducts({
    q: q || undefined,
    low_stock: lowStock ? 'true' : undefined,
    page,
    per_page: PER_PAGE,
    sort: sort.id,
    direction: sort.direction,
  });
  const filtered = Boolean(q || lowStock);

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-product-heading">
        <h1 id="admin-page-title">Products</h1>
        <div className="admin-product-heading__actions">
          <Link className="button" to="/admin/products/new">
            Add product
          </Link>
          <Link className="button admin-button--secondary" to="/admin/products/import">
            Import products
          </Link>
          <AdminExportButton download={() => downloadExport('products')} />
        </div>
      </div>
      <div className="admin-toolbar admin-product-toolbar">
        <AdminSearchForm
          id="admin-products-q"
          label="SKU or title"
          name="Search products"
          className="admin-product-search"
          q={q}
          onSearch={search}
          ref={searchForm}
        />
        <div className="admin-product-check">
          <input
            id="admin-products-low"
            type="checkbox"
            checked={lowStock}
            onChange={(e) => update({ low_stock: e.target.checked ? 'true' : null, page: null })}
          />
          <label htmlFor="admin-products-low">Low stock only ({LOW_STOCK_RULE})</label>
        </div>
        {filtered && (
          <Link
            className="admin-product-clear"
            to="/admin/products"
            onClick={() => searchForm.current?.clear()}
          >
            Clear filters
          </Link>
        )}
      </div>
      <AdminQueryTable
        query={products}
        what="products"
        caption="Products"
        columns={columns}
        page={page}
        perPage={PER_PAGE}
        onPageChange={setPage}
        sort={sort}
        sortableColumns={SORTABLE}
        onSortChange={setSort}
        getRowId={(r) => r.sku}
        emptyMessage={filtered ? 'No products match these filters.' : 'No products yet: import a CSV.'}
      />
    </section>
  );
}
