import type { PublicUser } from '@store/shared/account';
import { priceDisplayOf, type PriceDisplay } from '@store/shared/gst-prices';
import { useId, useState } from 'react';
import { useSetPriceDisplay } from '../api/set-price-display';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';

const CHOICES: { value: PriceDisplay; label: string }[] = [
  { value: 'inc_gst', label: 'Including GST' },
  { value: 'ex_gst', label: 'Excluding GST' },
];

/**
 * A business member's choice of how prices are shown (issue 18 §2): including GST, as everyone sees them, or
 * excluding it, kept in the account. Only for members with business details (the caller checks).
 */
export function PriceDisplayChoice({ user }: { user: PublicUser }) {
  const id = useId();
  const choose = useSetPriceDisplay();
  const saved = priceDisplayOf(user.user_meta);
  // The choice shows at once; it goes back to what the account holds if the server refuses it.
  const [asked, setAsked] = useState<PriceDisplay | null>(null);
  const current = asked ?? saved;

  async function onChange(display: PriceDisplay) {
    setAsked(display);
    try {
      await choose.mutateAsync(display);
      toastSuccess(
        display === 'ex_gst' ? 'Prices are now shown excluding GST.' : 'Prices are now shown including GST.',
      );
    } catch (error) {
      toastError(failureMessage(error));
    } finally {
      setAsked(null);
    }
  }

  return (
    <fieldset className="price-display-choice" aria-describedby={`${id}-note`} disabled={choose.isPending}>
      <legend>Show prices</legend>
      {CHOICES.map((c) => (
        <label key={c.value} className="price-display-choice__option">
          <input
            type="radio"
            name={`${id}-display`}
            value={c.value}
            checked={current === c.value}
            onChange={() => void onChange(c.value)}
          />
          {c.label}
        </label>
      ))}
      <p id={`${id}-note`} className="price-display-choice__note">
        Checkout always shows the GST and the total you pay, including GST.
      </p>
    </fieldset>
  );
}
