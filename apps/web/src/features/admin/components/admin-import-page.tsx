import { ADMIN_IMPORT_MESSAGES, IMPORT_FILE_MAX_BYTES, type AdminImport } from '@store/shared/admin-imports';
import { ADMIN_PRICE_LABELS } from '@store/shared/admin-products';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAdminImport, useAdminImports, useUploadImport } from '../api/admin-imports';
import { sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import './admin-product.css';

const STATUS_LABELS: Record<AdminImport['status'], string> = {
  running: 'Running',
  finished: 'Finished',
  failed: 'Failed',
};

/** One import's progress bar, counts, rejected rows and warnings. */
function ImportProgress({ id }: { id: string }) {
  const found = useAdminImport(id);
  if (found.isPending) return <p role="status">Starting the import…</p>;
  if (found.isError) {
    return (
      <p role="alert" className="admin-form__alert">
        The progress did not load: {found.error.message}
      </p>
    );
  }
  const i = found.data.data;
  const running = i.status === 'running';
  return (
    <section className="admin-product-section" aria-labelledby="admin-import-progress">
      <h2 id="admin-import-progress">
        {i.file_name}: {STATUS_LABELS[i.status]}
      </h2>
      <label className="admin-import-bar" htmlFor="admin-import-bar">
        Rows imported
      </label>
      <progress
        id="admin-import-bar"
        className="admin-import-progress"
        max={Math.max(i.rows_total, 1)}
        value={running && i.rows_total === 0 ? undefined : i.rows_done}
      >
        {i.rows_done} of {i.rows_total}
      </progress>
      <p role="status" aria-live="polite">
        {running ? 'Importing: ' : ''}
        {i.rows_done} of {i.rows_total} rows done, {i.rows_rejected} rejected, {i.warnings.length} warning
        {i.warnings.length === 1 ? '' : 's'}.
      </p>
      {i.error && (
        <p role="alert" className="admin-form__alert">
          {i.error}
        </p>
      )}
      {i.rejected.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-import-rejected">
            <caption>Rejected rows ({i.rejected.length})</caption>
            <thead>
              <tr>
                <th scope="col" className="admin-table__numeric">
                  Line
                </th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {i.rejected.map((r, n) => (
                <tr key={`${r.line}-${n}`}>
                  <th scope="row" className="admin-table__numeric">
                    {r.line}
                  </th>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {i.warnings.length > 0 && (
        <details className="admin-import-warnings" open={i.warnings.length <= 30}>
          <summary>Warnings ({i.warnings.length})</summary>
          <ul>
            {i.warnings.map((w, n) => (
              <li key={n}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      {i.status === 'finished' && <Link to="/admin/products">See the products</Link>}
    </section>
  );
}

function RecentImports({ onShow }: { onShow: (id: string) => void }) {
  const imports = useAdminImports();
  if (imports.isPending) return <p role="status">Loading recent imports…</p>;
  if (imports.isError) return null;
  return (
    <section className="admin-product-section" aria-labelledby="admin-import-recent">
      <h2 id="admin-import-recent">Recent imports</h2>
      {imports.data.data.length === 0 ? (
        <p>No imports yet.</p>
      ) : (
        <ul className="admin-import-recent">
          {imports.data.data.map((i) => (
            <li key={i.id}>
              <button type="button" className="admin-import-link" onClick={() => onShow(i.id)}>
                {i.file_name}
              </button>{' '}
              — {STATUS_LABELS[i.status]}, {i.rows_done} of {i.rows_total} rows, {i.rows_rejected} rejected,{' '}
              {sydneyDateTime(i.created_at)}
              {i.staff_name ? ` by ${i.staff_name}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /admin/products/import (issue 12): upload a Shopify or WooCommerce CSV; the same importer as
 * `npm run catalog:import` runs on the server, and this page polls its progress every second until it has
 * finished: rows done, each rejected row with its line and reason, and warnings (images that did not download).
 */
export function AdminImportPage() {
  useAdminTitle('Import products');
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) {
      setProblem(ADMIN_IMPORT_MESSAGES.noFile);
      return;
    }
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setProblem(ADMIN_IMPORT_MESSAGES.tooLarge);
      return;
    }
    try {
      const answer = await upload.mutateAsync({ file, skipInvalid });
      setShown(answer.data.id);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file was not uploaded.');
    }
  };

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <p className="admin-product-back">
        <Link to="/admin/products">← All products</Link>
      </p>
      <h1 id="admin-page-title">Import products</h1>
      <form className="admin-form admin-import-form" noValidate onSubmit={onSubmit}>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-import-file">
            CSV file
          </label>
          <p id="admin-import-file-hint" className="admin-field__hint">
            A product export from Shopify or WooCommerce, up to {IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.
            Products are matched by SKU; image addresses in the file are downloaded.{' '}
            {ADMIN_PRICE_LABELS.importPrices}
          </p>
          <input
            id="admin-import-file"
            className="admin-input"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={
              problem ? 'admin-import-problem admin-import-file-hint' : 'admin-import-file-hint'
            }
            aria-invalid={Boolean(problem)}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <div className="admin-product-check">
          <input
            id="admin-import-skip"
            type="checkbox"
            checked={skipInvalid}
            onChange={(e) => setSkipInvalid(e.target.checked)}
          />
          <label htmlFor="admin-import-skip">Import the good rows even if some rows are rejected</label>
        </div>
        <p id="admin-import-problem" role="alert" className="admin-form__alert">
          {problem}
        </p>
        <button type="submit" className="button admin-submit" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload and import'}
        </button>
      </form>
      {shown && <ImportProgress key={shown} id={shown} />}
      <RecentImports onShow={setShown} />
    </section>
  );
}
