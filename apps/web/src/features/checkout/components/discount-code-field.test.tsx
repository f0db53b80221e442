import { computeCheckoutTotals, type CodeDiscount } from '@store/shared/checkout-totals';
import { DISCOUNT_CODE_MESSAGES } from '@store/shared/discount-codes';
import { amountsOfTotals, breakdownRows } from '@store/shared/order-breakdown';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { DiscountCodeField } from './discount-code-field';

const SETTINGS = { gstPercent: 10, deliveryChargeCents: 1650, freeDeliveryThresholdCents: 10_000 };
const LINES = [
  { id: 7, unitPriceCents: 11_545, quantity: 2 },
  { id: 9, unitPriceCents: 1_999, quantity: 1 },
];

/** The field as checkout uses it: the applied code goes into the totals, and the breakdown shows its row. */
function Checkout({ lines = LINES }: { lines?: typeof LINES }) {
  const [code, setCode] = useState<CodeDiscount | null>(null);
  const totals = computeCheckoutTotals(lines, SETTINGS, { code });
  const rows = breakdownRows(amountsOfTotals(totals, SETTINGS, { discountCode: code?.code ?? null }));
  return (
    <>
      <DiscountCodeField products={lines} email="kim@example.com" applied={code} onChange={setCode} />
      <dl>
        {rows.map((r) => (
          <div key={r.key}>
            <dt>{r.label}</dt>
            <dd>{r.text}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The figure shown beside a breakdown label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/**
 * The field in checkout over the fake API, the code check answering `status` with `body` (rendered plainly, not
 * through renderPage: the field needs no router nor query client, and the last test rerenders it with new lines).
 */
function renderCheckout(status: number, body: unknown) {
  const api = fakeApi({ 'POST /api/discount-codes/check': () => json(body, status) });
  const rendered = render(<Checkout />);
  /** Answers the code check with `nextStatus` and `nextBody` from now on. */
  const answerCheck = (nextStatus: number, nextBody: unknown) =>
    api.answer({ 'POST /api/discount-codes/check': () => json(nextBody, nextStatus) });
  const checks = () => api.requestsTo('/api/discount-codes/check');
  return { ...rendered, answerCheck, checks };
}

describe('DiscountCodeField', () => {
  it('applies a code the server accepts: its discount is its own row and the total drops by it', async () => {
    const { checks } = renderCheckout(200, {
      data: { code: 'PADS-15', percent: 15, amountCents: null, eligibleLines: [0] },
      message: DISCOUNT_CODE_MESSAGES.appliedTo('PADS-15', '15% off', 1),
    });
    expect(figure('Total (inc. GST)')).toBe('$250.89');
    await userEvent.type(screen.getByRole('textbox', { name: 'Discount code' }), 'pads-15');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount code PADS-15')).toBeTruthy();
    // 15% of the pads' $230.90 = $34.64 (the wipers are not discounted): $250.89 − $34.64, delivery free.
    expect(figure('Discount code PADS-15')).toBe('\u2212$34.64');
    expect(figure('Total (inc. GST)')).toBe('$216.25');
    expect(screen.getByRole('status').textContent).toContain(
      'Discount code PADS-15 applied: 15% off one item',
    );
    const [check] = checks();
    expect(check?.method).toBe('POST');
    expect(check?.body).toEqual({
      code: 'PADS-15',
      products: [
        { id: 7, quantity: 2 },
        { id: 9, quantity: 1 },
      ],
      email: 'kim@example.com',
    });

    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(screen.queryByText('Discount code PADS-15')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(DISCOUNT_CODE_MESSAGES.removed);
  });

  it('shows the server’s reason when a code cannot be used, and applies nothing', async () => {
    const reason = DISCOUNT_CODE_MESSAGES.belowMinimum('BIG-50', 50_000, 25_089);
    renderCheckout(400, { message: reason });
    await userEvent.type(screen.getByRole('textbox', { name: 'Discount code' }), 'big-50{Enter}');
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Discount code' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Discount code BIG-50/, { selector: 'dt' })).toBeNull();
  });

  it('asks for a code when Apply is pressed on an empty box, without calling the server', async () => {
    const { checks } = renderCheckout(200, {});
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('status').textContent).toContain(DISCOUNT_CODE_MESSAGES.blank);
    expect(checks()).toHaveLength(0);
  });

  it('checks an applied code again when the cart changes, and drops it when it no longer applies', async () => {
    const { answerCheck, checks, rerender } = renderCheckout(200, {
      data: { code: 'SAVE-5', percent: null, amountCents: 500, eligibleLines: null },
      message: DISCOUNT_CODE_MESSAGES.applied('SAVE-5', '$5.00 off'),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Discount code' }), 'SAVE-5{Enter}');
    expect(await screen.findByText('Discount code SAVE-5')).toBeTruthy();
    const reason = DISCOUNT_CODE_MESSAGES.appliesToNothing('SAVE-5');
    answerCheck(400, { message: reason });
    rerender(<Checkout lines={[{ id: 9, unitPriceCents: 1_999, quantity: 1 }]} />);
    await waitFor(() => expect(checks().length).toBeGreaterThan(1));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByText('Discount code SAVE-5')).toBeNull();
  });
});
