import { RETURN_REASONS, type ReturnReason } from '@store/shared/admin-returns';
import {
  reasonKeepsToWindow,
  RETURN_REASON_LABELS,
  type ReturnableOrder,
} from '@store/shared/shopper-returns';
import { returnsSentence, type StorePromises } from '@store/shared/store-promises';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { FAULTY_GOODS_COVERED, GUARANTEES_NOT_LIMITED } from '@/lib/consumer-guarantee-text';
import { formatOrderDate } from '@/lib/order-fields';

export interface ReturnLinesFieldsProps {
  order: ReturnableOrder;
  /** Units chosen per order line id (0 or absent: not returned). */
  quantities: Readonly<Record<number, number>>;
  onQuantity: (lineId: number, quantity: number) => void;
  reason: UseFormRegisterReturn;
  chosenReason: ReturnReason | '';
  linesError?: string;
  reasonError?: string;
  promises: StorePromises | null;
}

/**
 * The order part of the return form (issue 37 §3): each line of the order with how many to send back (up to what
 * is still returnable), the reason, and the return policy's terms (store settings, `returnsSentence`) with the
 * consumer guarantees (decision 0037). Past the returns window, a change of mind is explained and cannot be
 * chosen; a faulty, damaged or wrongly sent part still can.
 */
export function ReturnLinesFields({
  order,
  quantities,
  onQuantity,
  reason,
  chosenReason,
  linesError,
  reasonError,
  promises,
}: ReturnLinesFieldsProps) {
  const pastWindow = !order.within_window;
  const delivered = order.delivered_at ? formatOrderDate(order.delivered_at) : null;
  return (
    <>
      <fieldset
        className="return-lines"
        aria-describedby={linesError ? 'return-lines-message' : undefined}
        aria-invalid={linesError ? true : undefined}
      >
        <legend className="return-lines__legend">Items to return from order {order.invoice_number}</legend>
        <ul className="return-lines__list">
          {order.lines.map((line) => {
            const id = `return-line-${line.line_id}`;
            return (
              <li key={line.line_id} className="return-lines__item">
                <label htmlFor={id} className="return-lines__title">
                  {line.product_title}
                  <span className="return-lines__meta">
                    SKU {line.sku} · bought {line.quantity}
                  </span>
                </label>
                {line.returnable > 0 ? (
                  <select
                    id={id}
                    className="checkout-input return-lines__quantity"
                    value={quantities[line.line_id] ?? 0}
                    onChange={(e) => onQuantity(line.line_id, Number(e.target.value))}
                    aria-label={`Quantity of ${line.product_title} to return (up to ${line.returnable})`}
                  >
                    {Array.from({ length: line.returnable + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n === 0 ? 'None' : n}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span className="return-lines__done" id={id}>
                    Already returned or refunded
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {linesError && (
          <p id="return-lines-message" className="checkout-field__message" role="alert">
            {linesError}
          </p>
        )}
      </fieldset>
      <fieldset
        className="return-reasons"
        aria-describedby={reasonError ? 'return-reason-message' : undefined}
      >
        <legend className="return-lines__legend">Why are you returning them?</legend>
        {RETURN_REASONS.map((r) => {
          const closed = pastWindow && reasonKeepsToWindow(r);
          return (
            <label key={r} className="return-reasons__option">
              <input type="radio" value={r} {...reason} disabled={closed} />
              <span>
                {RETURN_REASON_LABELS[r]}
                {closed && <span className="return-reasons__closed"> (past the returns window)</span>}
              </span>
            </label>
          );
        })}
        {reasonError && (
          <p id="return-reason-message" className="checkout-field__message" role="alert">
            {reasonError}
          </p>
        )}
      </fieldset>
      <section className="return-terms" aria-label="Return policy">
        {promises && <p>{returnsSentence(promises)}</p>}
        {pastWindow && delivered && (
          <p className="return-terms__window">
            This order was delivered on {delivered}, so the window for a change of mind has passed.
          </p>
        )}
        <p>
          {FAULTY_GOODS_COVERED} {GUARANTEES_NOT_LIMITED}
        </p>
        {chosenReason && !reasonKeepsToWindow(chosenReason) && (
          <p>Add a photo of the fault or damage if you can: it helps us sort it out faster.</p>
        )}
        <p>
          <Link to="/return-policy">Read the return policy</Link>
        </p>
      </section>
    </>
  );
}
