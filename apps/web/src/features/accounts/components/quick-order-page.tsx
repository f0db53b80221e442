import { unitPriceCentsOf } from '@store/shared/checkout-totals';
import { formatCents } from '@store/shared/money';
import { PAGES, productPath } from '@store/shared/paths';
import type { Product } from '@store/shared/product';
import {
  parseQuickOrderText,
  QUICK_ORDER_MAX_LINES,
  TRADE_MESSAGES,
  type QuickOrderLine,
} from '@store/shared/trade-accounts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { usePriceDisplay } from '@/hooks/use-price-display';
import { getCartProducts } from '@/lib/api/get-cart-products';
import { useTradeAccount } from '@/lib/api/get-trade-account';
import { failureMessage, toastSuccess } from '@/lib/toast-feedback';
import { addToCart } from '@/stores/cart-store';
import { checkQuickOrder } from '../api/check-quick-order';
import { AccountCard } from './form-bits';
import './trade-account.css';

/** A typed row: a SKU or part number and its quantity, as typed. */
interface TypedRow {
  code: string;
  quantity: string;
}

const EMPTY_ROWS: TypedRow[] = [
  { code: '', quantity: '1' },
  { code: '', quantity: '1' },
  { code: '', quantity: '1' },
];

/**
 * The text the server is sent (issue 39 §5): the pasted lines, then each typed row with a code as "CODE QTY", so
 * pasted and typed lines are read by the one parser (`parseQuickOrderText`, the server's own).
 */
export function quickOrderText(pasted: string, rows: readonly TypedRow[]): string {
  const typed = rows
    .filter((r) => r.code.trim() !== '')
    .map((r) => `${r.code.trim()} ${r.quantity.trim() || '1'}`);
  return [pasted.trimEnd(), ...typed].filter((l) => l !== '').join('\n');
}

/** A checked line with the product it found, priced as the cart will price it. */
interface CheckedLine {
  line: QuickOrderLine;
  product: Product | null;
}

/** The lines the server found, with today's products (`/api/cart-products`: a trade member's prices). */
async function checkLines(text: string): Promise<CheckedLine[]> {
  const lines = await checkQuickOrder(text);
  const ids = [
    ...new Set(lines.flatMap((l) => (l.product_id !== null && l.problem === null ? [l.product_id] : []))),
  ];
  const products = ids.length === 0 ? [] : await getCartProducts(ids);
  const byId = new Map(products.map((p) => [p.id, p]));
  return lines.map((line) => ({
    line,
    product: line.product_id !== null && line.problem === null ? (byId.get(line.product_id) ?? null) : null,
  }));
}

/**
 * /my-account/quick-order (issue 39 §5): a trade buyer pastes "part-number quantity" lines or types SKUs and
 * quantities; the lines are read at once as the server will read them (a preview), "Check" asks the server which
 * products they name and shows each with its trade price or its problem, and "Add all to cart" adds the found
 * lines and opens the cart.
 */
export function QuickOrderPage() {
  usePageTitle('Quick order');
  const account = useTradeAccount();
  const navigate = useNavigate();
  const prices = usePriceDisplay();
  const [pasted, setPasted] = useState('');
  const [rows, setRows] = useState<TypedRow[]>(EMPTY_ROWS);
  const [checked, setChecked] = useState<CheckedLine[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const pasteId = useId();
  const pasteHintId = useId();
  const previewId = useId();
  const resultsId = useId();

  const text = quickOrderText(pasted, rows);
  const preview = useMemo(() => parseQuickOrderText(text), [text]);
  const previewProblems = preview.filter((l) => l.problem !== null);
  const tooMany = preview.length > QUICK_ORDER_MAX_LINES;

  if (account.isPending)
    return (
      <p role="status" className="container page">
        Loading...
      </p>
    );
  if (account.data?.status !== 'approved') {
    return (
      <AccountCard title="Quick order">
        <p>{TRADE_MESSAGES.notTrade}</p>
        <p className="account-links">
          <Link to={PAGES.tradeAccount.path}>Trade account</Link>
        </p>
      </AccountCard>
    );
  }

  function setRow(index: number, change: Partial<TypedRow>) {
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...change } : r)));
    setChecked(null);
  }

  async function onCheck(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (preview.length === 0) {
      setProblem('Paste or type one part number and quantity per line, such as "BP-1234 2"');
      return;
    }
    if (tooMany) {
      setProblem(`Paste at most ${QUICK_ORDER_MAX_LINES} lines at a time`);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      setChecked(await checkLines(text));
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const found = (checked ?? []).filter((c): c is CheckedLine & { product: Product } => c.product !== null);

  function addAll() {
    for (const c of found) addToCart(c.product, c.line.quantity);
    toastSuccess(`${found.length} ${found.length === 1 ? 'line' : 'lines'} added to cart!`);
    void navigate(PAGES.cart.path);
  }

  return (
    <AccountCard
      title="Quick order"
      wide
      lead={<p>Order by SKU or part number: paste lines from your system or type them, then check them.</p>}
    >
      <form
        className="account-form quick-order"
        noValidate
        onSubmit={(e) => void onCheck(e)}
        aria-label="Quick order"
      >
        <div className="checkout-field">
          <label className="checkout-field__label" htmlFor={pasteId}>
            Paste part numbers and quantities <span className="checkout-field__optional">(optional)</span>
          </label>
          <p id={pasteHintId} className="checkout-field__hint">
            One per line: a part number, then the quantity, such as &quot;BP-1234 2&quot;, &quot;BP-1234,
            2&quot; or &quot;2 x BP-1234&quot;. No quantity means 1.
          </p>
          <textarea
            id={pasteId}
            className="checkout-input checkout-input--textarea quick-order__paste"
            rows={6}
            value={pasted}
            spellCheck={false}
            aria-describedby={`${pasteHintId} ${previewId}`}
            onChange={(e) => {
              setPasted(e.target.value);
              setChecked(null);
            }}
          />
        </div>
        <fieldset className="quick-order__rows">
          <legend>Or type them</legend>
          {rows.map((row, i) => (
            <div key={i} className="quick-order__row">
              <label className="checkout-field__label" htmlFor={`${pasteId}-code-${i}`}>
                SKU or part number<span className="visually-hidden"> {i + 1}</span>
              </label>
              <input
                id={`${pasteId}-code-${i}`}
                className="checkout-input"
                value={row.code}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setRow(i, { code: e.target.value })}
              />
              <label className="checkout-field__label" htmlFor={`${pasteId}-qty-${i}`}>
                Quantity<span className="visually-hidden"> {i + 1}</span>
              </label>
              <input
                id={`${pasteId}-qty-${i}`}
                className="checkout-input quick-order__qty"
                value={row.quantity}
                inputMode="numeric"
                onChange={(e) => setRow(i, { quantity: e.target.value.replace(/\D/g, '').slice(0, 3) })}
              />
            </div>
          ))}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setRows((r) => [...r, { code: '', quantity: '1' }])}
          >
            Add a row
          </button>
        </fieldset>
        <div id={previewId} className="quick-order__preview" aria-live="polite">
          {preview.length > 0 && (
            <p>
              {preview.length} {preview.length === 1 ? 'line' : 'lines'} to check
              {previewProblems.length > 0 && ':'}
            </p>
          )}
          {previewProblems.length > 0 && (
            <ul>
              {previewProblems.map((l) => (
                <li key={l.line}>{l.problem}</li>
              ))}
            </ul>
          )}
        </div>
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button account-submit" disabled={busy}>
          {busy ? 'Checking...' : 'Check'}
        </button>
      </form>

      {checked && (
        <section className="account-section" aria-labelledby={resultsId}>
          <h2 id={resultsId}>
            {found.length} of {checked.length} {checked.length === 1 ? 'line' : 'lines'} found
          </h2>
          <table className="order-history trade-table">
            <caption className="visually-hidden">The lines as checked</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Part</th>
                <th scope="col">Qty</th>
                <th scope="col">Unit price</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {checked.map(({ line, product }) => {
                const unit = product ? unitPriceCentsOf(product) : null;
                const shown = unit === null ? null : prices.showLine(unit, unit * line.quantity);
                return (
                  <tr key={line.line}>
                    <td data-label="Line">{line.line}</td>
                    <td data-label="Part">
                      <span className="quick-order__part">
                        {product ? (
                          <>
                            <Link to={productPath(product.permalink)}>{line.title ?? product.title}</Link>
                            <span className="trade-table__of"> {line.sku ?? line.code}</span>
                          </>
                        ) : (
                          <>
                            <span>{line.code}</span>{' '}
                            <span className="quick-order__problem">
                              {line.problem ?? 'This product is no longer sold.'}
                            </span>
                          </>
                        )}
                      </span>
                    </td>
                    <td data-label="Qty">{line.quantity}</td>
                    <td data-label="Unit price">
                      {shown ? (
                        <span>
                          {formatCents(shown.unitCents)}
                          {product?.trade_price && <span className="trade-table__of"> Trade</span>}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label="Total">{shown ? formatCents(shown.lineCents) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="trade-table__of">Prices {prices.label}.</p>
          <div className="account-actions">
            <button type="button" className="button" disabled={found.length === 0} onClick={addAll}>
              Add all to cart
            </button>
          </div>
        </section>
      )}
    </AccountCard>
  );
}
