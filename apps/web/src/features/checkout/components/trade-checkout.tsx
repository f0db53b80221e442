import { formatAbn } from '@store/shared/abn';
import { TRADE_MESSAGES, TRADE_TERMS_WORDS, type TradeAccountView } from '@store/shared/trade-accounts';
import { TextField } from '@/components/form/text-field';
import { formatOrderMoney } from '@/lib/order-fields';

/** The longest purchase order number place-order takes (issue 39 §5). */
export const PURCHASE_ORDER_MAX_LENGTH = 40;

export interface TradeCheckoutProps {
  account: TradeAccountView;
  purchaseOrder: string;
  onPurchaseOrderChange: (value: string) => void;
}

/**
 * A trade account's part of the checkout (issue 39 §4, §5): the business ordered for, its terms and credit left, and
 * an optional purchase order number (up to 40 characters) printed on the invoice whichever way the order is paid.
 */
export function TradeCheckout({ account, purchaseOrder, onPurchaseOrderChange }: TradeCheckoutProps) {
  const tooLong = purchaseOrder.length > PURCHASE_ORDER_MAX_LENGTH;
  return (
    <section className="checkout-card" aria-labelledby="checkout-trade-title">
      <h2 id="checkout-trade-title" className="checkout-card__title">
        Trade account
      </h2>
      <p>
        Ordering for <strong>{account.business_name}</strong> (ABN {formatAbn(account.abn)}):{' '}
        {TRADE_TERMS_WORDS[account.terms]}, {formatOrderMoney(account.available_credit)} available credit.
      </p>
      <div className="trade-checkout__po">
        <TextField
          name="purchase_order_number"
          label="Purchase order number"
          required={false}
          hint="Your own reference, printed on the invoice."
          message={tooLong ? { text: TRADE_MESSAGES.poTooLong, kind: 'error' } : null}
          layout="purchase_order_number"
        >
          {(aria) => (
            <input
              {...aria}
              className="checkout-input"
              value={purchaseOrder}
              maxLength={PURCHASE_ORDER_MAX_LENGTH}
              autoComplete="off"
              onChange={(e) => onPurchaseOrderChange(e.target.value)}
            />
          )}
        </TextField>
      </div>
    </section>
  );
}
