/**
 * Turns order rows into the SPEC §3 "Order as read back" shape (orderDetailSchema): money as decimal
 * strings, `id` the public id (DESIGN §5.3), the shipping address on one line, and `order_meta` with the money
 * options of ORDER_MONEY_META (issue 34 §2, decision 0046), from which `amountsOfOrder` rebuilds the breakdown.
 */
import { DELIVERY_OPTION_NAMES } from '@store/shared/delivery-rules';
import { TRADE_ORDER_META } from '@store/shared/trade-accounts';
import { formatAddressLine } from '@store/shared/address';
import { centsToDecimalString } from '@store/shared/money';
import type { OrderDetail } from '@store/shared/order';
import { ORDER_MONEY_META } from '@store/shared/order-breakdown';
import type { orderLineItems, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineItemRow = typeof orderLineItems.$inferSelect;

/**
 * The order as guest tracking, the order details page and place-order answer it. The customer fields
 * (f_name, l_name, email, phone) are null: only the signed-in owner may see them, and accounts come later.
 * Line items are listed in the order they were placed.
 */
export function presentOrderDetail(
  order: OrderRow,
  items: readonly OrderLineItemRow[],
  collectLocation?: OrderDetail['collect_location'],
): OrderDetail {
  const shipping = {
    street_address: order.sStreetAddress,
    city: order.sCity,
    state: order.sState,
    post_code: order.sPostCode,
  };
  const meta = [{ option: '_channel', value: order.channel }];
  if (order.comment !== '') meta.push({ option: '_comment', value: order.comment });
  // Issue 39: the PO number and, on account, the day payment is due.
  if (order.purchaseOrderNumber)
    meta.push({ option: TRADE_ORDER_META.purchaseOrderNumber, value: order.purchaseOrderNumber });
  if (order.paymentDueDay) meta.push({ option: TRADE_ORDER_META.paymentDueDay, value: order.paymentDueDay });
  const M = ORDER_MONEY_META;
  // Older orders (SPEC §9, ex-GST) carry no `_prices_include_gst`: amountsOfOrder shows them as charged.
  if (order.pricesIncludeGst) meta.push({ option: M.pricesIncludeGst, value: 'yes' });
  meta.push({ option: M.gstPercent, value: String(order.gstPercent) });
  if (order.signupDiscountCents > 0) {
    meta.push({ option: M.signupDiscount, value: centsToDecimalString(order.signupDiscountCents) });
  }
  if (order.membershipPlanName) {
    meta.push({ option: M.membershipPlan, value: order.membershipPlanName });
    meta.push({ option: M.membershipDiscount, value: centsToDecimalString(order.membershipDiscountCents) });
  }
  if (order.discountCode) {
    meta.push({ option: M.discountCode, value: order.discountCode });
    meta.push({ option: M.codeDiscount, value: centsToDecimalString(order.codeDiscountCents) });
  }
  return {
    id: order.publicId,
    invoice_number: order.invoiceNumber,
    created_at: order.createdAt.toISOString(),
    subTotal: centsToDecimalString(order.subtotalCents),
    discountedAmount: centsToDecimalString(order.discountCents),
    delivery_charges: centsToDecimalString(order.deliveryChargeCents),
    totalGst: centsToDecimalString(order.gstCents),
    total_amount: centsToDecimalString(order.totalCents),
    payment_method: order.paymentMethod,
    payment_method_type: order.paymentMethodType,
    payment_status: order.paymentStatus,
    status: order.status,
    f_name: null,
    l_name: null,
    email: null,
    phone: null,
    address: formatAddressLine(shipping),
    ...shipping,
    order_items: [...items]
      .sort((a, b) => a.id - b.id)
      .map((i) => ({
        id: i.id,
        product_id: i.productId,
        product_title: i.productTitle,
        sku: i.sku,
        quantity: i.quantity,
        price: centsToDecimalString(i.unitPriceCents),
        qp_subtotal: centsToDecimalString(i.lineSubtotalCents),
      })),
    order_meta: meta,
    // Issue 41: the delivery option as quoted and charged.
    delivery_option: order.deliveryOption,
    delivery_option_name: DELIVERY_OPTION_NAMES[order.deliveryOption],
    delivery_estimate: order.deliveryEstimate,
    ...(collectLocation === undefined ? {} : { collect_location: collectLocation }),
  };
}
