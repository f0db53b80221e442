/**
 * The Afterpay instalment line under a price (issue 40 §3): "or 4 interest-free payments of $19.99 with Afterpay"
 * on the product page and under the cart's total. The rules (offered, limits, trade accounts, rounding) and the
 * words are the shared module's (`instalmentOffer`, `instalmentLine`); this only finds what they need.
 */
import { instalmentLine, instalmentOffer, type InstalmentOffer } from '@store/shared/payment-method-rules';
import { priceDisplayLabel } from '@store/shared/gst-prices';
import { usePriceDisplay } from '@/hooks/use-price-display';
import { useBuysAsBusiness } from '@/lib/api/get-trade-account';
import { useStoreConfig } from '@/lib/api/get-store-config';
import './instalment-line.css';

/**
 * The instalment offer for a price of `priceCents` (integer cents inc. GST, what the shopper would pay), or null:
 * no price, the store's settings not read yet, Afterpay not among the store's `payment_method_types`, outside
 * Afterpay's limits, or a member of an approved trade account (issue 39: business purchases).
 *
 * On a server-rendered page the settings are in the hand-over and nobody is signed in on the server or during
 * hydration (the session's server snapshot), so the first browser render gives what the server gave; a trade
 * member's line goes once their account is read, as their trade prices come in.
 */
export function useInstalmentOffer(priceCents: number | null): InstalmentOffer | null {
  const offered = useStoreConfig().data?.payment_method_types;
  const tradeAccount = useBuysAsBusiness();
  if (priceCents === null || !offered) return null;
  return instalmentOffer(priceCents, offered, { tradeAccount });
}

/**
 * The line itself (a muted `<p>`), or nothing when `useInstalmentOffer` gives no offer. Afterpay is charged the
 * price inc. GST, so a member who sees prices ex. GST (issue 18) is told the payments include it.
 */
export function InstalmentLine({ priceCents, className }: { priceCents: number | null; className?: string }) {
  const offer = useInstalmentOffer(priceCents);
  const prices = usePriceDisplay();
  if (!offer) return null;
  const incGst = prices.display === 'inc_gst' ? '' : priceDisplayLabel('inc_gst', prices.gstPercent);
  return (
    <p className={className ? `instalment-line ${className}` : 'instalment-line'}>
      {instalmentLine(offer)}
      {incGst && ` (${incGst})`}
    </p>
  );
}
