import { ADDRESS_FIELD_NAMES, type CheckoutForm } from '@store/shared/checkout-form';
import type { DeliveryOption } from '@store/shared/delivery-rules';
import type { CheckoutTotals } from '@store/shared/checkout-totals';
import type { OrderAmounts } from '@store/shared/order-breakdown';
import type { PricedCartLine } from '@/hooks/use-priced-cart';
import type { CheckoutData } from './checkout-storage';

/** Integer cents -> a dollars number with at most 2 decimals (7995 -> 79.95), as the order payload sends. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * The checkout data saved for the payment pages (SPEC §3 Order payload / Checkout data, §4): the validated
 * form, each line's id, quantity and line total, and the totals the shopper saw, in dollars, exactly
 * `computeCheckoutTotals`' figures (issue 34 §1: `subTotal`, `delivery_charges`, `totalGst` the GST included,
 * `grand_total`); plus the lines, totals and breakdown amounts in cents for the payment page to show. Shipping
 * fields are sent only when the shopper ticked "Ship to a different address?", so a half-typed and then abandoned
 * shipping address never ships.
 */
export function buildCheckoutData(
  form: CheckoutForm,
  lines: readonly PricedCartLine[],
  { totals, amounts }: { totals: CheckoutTotals; amounts: OrderAmounts },
  /** A signed-in member's chosen membership plan id (SPEC §3 discountPlan), or null. */
  discountPlan: number | null = null,
  /** Issue 41: the chosen delivery option and, for click & collect, the store; absent: standard delivery. */
  delivery: { option: DeliveryOption; collectLocationId: number | null } | null = null,
): CheckoutData {
  const shipping = Object.fromEntries(
    ADDRESS_FIELD_NAMES.map((name) => {
      const key = `s_${name}` as const;
      return [key, form.ship_to_different_address ? form[key].trim() : ''];
    }),
  ) as Record<`s_${(typeof ADDRESS_FIELD_NAMES)[number]}`, string>;

  return {
    order: {
      f_name: form.f_name,
      l_name: form.l_name,
      email: form.email,
      phone: form.phone,
      street_address: form.street_address,
      city: form.city,
      state: form.state,
      post_code: form.post_code,
      company: form.company,
      suburb: form.suburb,
      ...shipping,
      ship_to_different_address: form.ship_to_different_address,
      comment: form.comment,
      products: lines.map((l, i) => ({
        id: l.line.id,
        quantity: l.quantity,
        qp_subtotal: centsToDollars(totals.lineTotalsCents[i] ?? l.lineSubtotalCents),
      })),
      subTotal: centsToDollars(totals.subtotalCents),
      delivery_charges: centsToDollars(totals.deliveryChargeCents),
      totalGst: centsToDollars(totals.gstCents),
      grand_total: centsToDollars(totals.totalCents),
      total_amount: centsToDollars(totals.totalCents),
      ...(discountPlan !== null ? { discountPlan } : {}),
      ...(delivery
        ? {
            delivery_option: delivery.option,
            collect_location_id: delivery.option === 'click_and_collect' ? delivery.collectLocationId : null,
          }
        : {}),
    },
    items: lines.map((l, i) => ({
      id: l.line.id,
      title: l.line.title,
      featured_image: l.line.featured_image,
      ...(l.line.image ? { image: l.line.image } : {}),
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      lineCents: totals.lineTotalsCents[i] ?? l.lineSubtotalCents,
    })),
    totals: {
      subtotalCents: totals.subtotalCents,
      deliveryChargeCents: totals.deliveryChargeCents,
      gstCents: totals.gstCents,
      totalCents: totals.totalCents,
      ...(totals.signupDiscountCents > 0 ? { signupDiscountCents: totals.signupDiscountCents } : {}),
      ...(totals.membershipDiscountCents > 0
        ? { membershipDiscountCents: totals.membershipDiscountCents }
        : {}),
    },
    amounts,
  };
}
