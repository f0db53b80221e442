import type { CodeDiscount } from '@store/shared/checkout-totals';
import { DISCOUNT_CODE_MESSAGES, normalizeDiscountCode } from '@store/shared/discount-codes';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { checkDiscountCode } from '../api/check-discount-code';
import './discount-code-field.css';

export interface DiscountCodeFieldProps {
  /** The cart's lines in checkout's order (a code's eligible lines are indexes into them). */
  products: readonly { id: number; quantity: number }[];
  /** The order's email as typed so far, when it looks like one (a code may be tied to one, or used once each). */
  email?: string;
  /** The code applied now, or null. */
  applied: CodeDiscount | null;
  /** Called with the server's discount once a code is accepted, or null when it is removed or no longer applies. */
  onChange: (code: CodeDiscount | null) => void;
}

type Note = { ok: boolean; text: string } | null;

/**
 * The checkout's "Discount code" (issue 34 §5): a box and Apply; the server checks the code against the cart
 * (`POST /api/discount-codes/check`) and answers the discount, which checkout gives `computeCheckoutTotals` as its
 * `code` (and the breakdown shows as its own row), or the reason it cannot be used, shown under the box. An
 * applied code can be removed, and is checked again when the cart's lines change (it may apply to other lines, or
 * no longer reach its minimum spend). Place-order checks it once more and redeems it.
 */
export function DiscountCodeField({ products, email, applied, onChange }: DiscountCodeFieldProps) {
  const id = useId();
  const inputId = `${id}-code`;
  const noteId = `${id}-note`;
  const [text, setText] = useState('');
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const linesKey = products.map((p) => `${p.id}x${p.quantity}`).join(',');
  const checkedFor = useRef(linesKey);
  const request = useRef<AbortController | null>(null);

  async function check(code: string): Promise<void> {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setBusy(true);
    try {
      const answer = await checkDiscountCode(
        {
          code,
          products: products.map(({ id: productId, quantity }) => ({ id: productId, quantity })),
          ...(email ? { email } : {}),
        },
        controller.signal,
      );
      checkedFor.current = linesKey;
      onChange(answer.data);
      setNote({ ok: true, text: answer.message });
      setText('');
    } catch (error) {
      if (controller.signal.aborted) return;
      onChange(null);
      setNote({ ok: false, text: error instanceof Error ? error.message : 'The code could not be checked.' });
    } finally {
      if (request.current === controller) {
        request.current = null;
        setBusy(false);
      }
    }
  }

  // The cart changed under an applied code: ask again, for the new lines.
  useEffect(() => {
    if (applied && checkedFor.current !== linesKey) void check(applied.code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the lines change
  }, [linesKey]);

  useEffect(() => () => request.current?.abort(), []);

  function apply(event: FormEvent) {
    event.preventDefault();
    const code = normalizeDiscountCode(text);
    if (code === '') {
      setNote({ ok: false, text: DISCOUNT_CODE_MESSAGES.blank });
      return;
    }
    void check(code);
  }

  function remove() {
    request.current?.abort();
    onChange(null);
    setNote({ ok: true, text: DISCOUNT_CODE_MESSAGES.removed });
  }

  const message = note && (
    <p
      id={noteId}
      className={note.ok ? 'discount-code__message' : 'discount-code__message discount-code__message--error'}
    >
      {note.text}
    </p>
  );

  return (
    <section className="discount-code" aria-label="Discount code">
      {applied ? (
        <div className="discount-code__applied">
          <p className="discount-code__code">
            Discount code <strong>{applied.code}</strong>
          </p>
          <button type="button" className="button button--secondary" onClick={remove} disabled={busy}>
            Remove<span className="visually-hidden"> discount code {applied.code}</span>
          </button>
        </div>
      ) : (
        // A form of its own (not nested in checkout's): Enter in the box applies the code.
        <form className="discount-code__form" noValidate onSubmit={apply}>
          <label className="checkout-field__label" htmlFor={inputId}>
            Discount code
          </label>
          <div className="discount-code__row">
            <input
              id={inputId}
              className="checkout-input"
              name="discount_code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={note?.ok === false || undefined}
              aria-describedby={note ? noteId : undefined}
            />
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Checking…' : 'Apply'}
            </button>
          </div>
        </form>
      )}
      <div role="status" aria-live="polite">
        {message}
      </div>
    </section>
  );
}
