import type { DeliveryOption } from '@store/shared/delivery-rules';
import { DELIVERY_MESSAGES, optionChargeText } from '@store/shared/delivery-rules';
import type { DeliveryQuoteResponse } from '@store/shared/delivery-quote';
import { parseDecimalToCents } from '@store/shared/money';
import './delivery-options-section.css';

/** The shopper's choice: an option and, for click & collect, the store. */
export interface DeliveryChoice {
  option: DeliveryOption;
  collectLocationId: number | null;
}

export interface DeliveryOptionsSectionProps {
  /** The server's answer, or undefined while the first one loads. */
  quote: DeliveryQuoteResponse | undefined;
  /** The last request failed (the shopper may still choose from the previous answer, if any). */
  failed: boolean;
  choice: DeliveryChoice;
  onChoose: (choice: DeliveryChoice) => void;
}

/**
 * The checkout's "Delivery" section (issue 41 §5): every option with its charge ("Free", "$16.50") and estimate;
 * an option this cart may not take is shown disabled with the reason under it, never left out; click & collect
 * lists the stores with address, hours and how soon, or why a store cannot have the order ready.
 */
export function DeliveryOptionsSection({ quote, failed, choice, onChoose }: DeliveryOptionsSectionProps) {
  return (
    <section className="checkout-card delivery-options" aria-labelledby="checkout-delivery-title">
      <h2 id="checkout-delivery-title" className="checkout-card__title">
        Delivery
      </h2>
      {!quote && !failed && <p className="delivery-options__status">Finding the delivery options…</p>}
      {failed && (
        <p className="delivery-options__status">
          We could not load the delivery options just now: standard delivery is shown at the usual rate, and
          its price is checked again when you pay.
        </p>
      )}
      {quote && (
        <fieldset className="delivery-options__list">
          <legend className="visually-hidden">Choose how your order reaches you</legend>
          {quote.options.map((o) => {
            const id = `checkout-delivery-${o.option}`;
            const reasonId = `${id}-reason`;
            const cents = o.charge === null ? null : parseDecimalToCents(o.charge);
            return (
              <div key={o.option} className="delivery-option">
                <input
                  id={id}
                  type="radio"
                  name="delivery_option"
                  value={o.option}
                  disabled={!o.available}
                  checked={choice.option === o.option && o.available}
                  aria-describedby={o.reason ? reasonId : undefined}
                  onChange={() =>
                    onChoose({
                      option: o.option,
                      collectLocationId:
                        o.option === 'click_and_collect'
                          ? (choice.collectLocationId ?? quote.locations.find((l) => l.available)?.id ?? null)
                          : null,
                    })
                  }
                />
                <label htmlFor={id} className="delivery-option__label">
                  <span className="delivery-option__name">{o.name}</span>
                  {o.available && cents !== null && (
                    <span className="delivery-option__charge">{optionChargeText(cents)}</span>
                  )}
                  {o.available && o.estimate && o.option !== 'click_and_collect' && (
                    <span className="delivery-option__estimate">{o.estimate}</span>
                  )}
                </label>
                {o.reason && (
                  <p id={reasonId} className="delivery-option__reason">
                    {o.reason}
                  </p>
                )}
                {o.option === 'click_and_collect' && quote.locations.length > 0 && (
                  <ul className="delivery-option__locations" aria-label="Stores to collect from">
                    {quote.locations.map((l) => {
                      const locationId = `checkout-collect-${l.id}`;
                      return (
                        <li key={l.id} className="collect-location">
                          <input
                            id={locationId}
                            type="radio"
                            name="collect_location_id"
                            value={l.id}
                            disabled={!l.available}
                            checked={
                              choice.option === 'click_and_collect' && choice.collectLocationId === l.id
                            }
                            onChange={() =>
                              onChoose({ option: 'click_and_collect', collectLocationId: l.id })
                            }
                          />
                          <label htmlFor={locationId} className="collect-location__label">
                            <span className="collect-location__name">{l.name}</span>
                            <span className="collect-location__address">{l.address}</span>
                            {l.hours && <span className="collect-location__hours">{l.hours}</span>}
                            {l.available ? (
                              <span className="collect-location__estimate">{l.estimate}</span>
                            ) : (
                              <span className="delivery-option__reason">{l.reason}</span>
                            )}
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}

/**
 * The chosen option's charge in cents when the quote offers it (for click & collect: at an available store), else
 * null with the reason to show: the checkout sends this charge and place-order checks it.
 */
export function chosenDeliveryCharge(
  quote: DeliveryQuoteResponse | undefined,
  choice: DeliveryChoice,
): { chargeCents: number } | { problem: string | null } {
  if (!quote) return { problem: null };
  const o = quote.options.find((q) => q.option === choice.option);
  if (!o || !o.available || o.charge === null) return { problem: o?.reason ?? null };
  if (choice.option === 'click_and_collect') {
    const at = quote.locations.find((l) => l.id === choice.collectLocationId);
    if (!at || !at.available) return { problem: at?.reason ?? DELIVERY_MESSAGES.collectLocationRequired };
    return { chargeCents: 0 };
  }
  const cents = parseDecimalToCents(o.charge);
  return cents === null ? { problem: null } : { chargeCents: cents };
}

/**
 * The choice to switch to when `choice` is no longer offered by `quote`: click & collect at the first store that can
 * have the order ready when that was the choice, else the first available option; null when the choice stands, or nothing is available, or no quote yet.
 */
export function firstAvailableChoice(
  quote: DeliveryQuoteResponse | undefined,
  choice: DeliveryChoice,
): DeliveryChoice | null {
  if (!quote || 'chargeCents' in chosenDeliveryCharge(quote, choice)) return null;
  // An address still being typed (no post code yet) refuses nothing: the choice stands until the cart is known.
  if (quote.options.some((o) => o.reason === DELIVERY_MESSAGES.postCodeRequired)) return null;
  // A store that cannot have the order ready gives way to one that can, before another option.
  const collect = quote.options.find((o) => o.option === 'click_and_collect' && o.available);
  const store = quote.locations.find((l) => l.available);
  if (choice.option === 'click_and_collect' && collect && store)
    return { option: 'click_and_collect', collectLocationId: store.id };
  for (const o of quote.options) {
    if (!o.available) continue;
    if (o.option !== 'click_and_collect') return { option: o.option, collectLocationId: null };
    const at = quote.locations.find((l) => l.available);
    if (at) return { option: 'click_and_collect', collectLocationId: at.id };
  }
  return null;
}
