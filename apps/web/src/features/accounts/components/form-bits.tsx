import type { FieldError } from 'react-hook-form';
import type { FieldMessage } from '@/features/checkout/hooks/use-checkout-fields';
import '@/features/checkout/components/checkout-page.css';
import './accounts.css';

/** A react-hook-form error as the field component shows it. */
export function errorOf(error: FieldError | undefined): FieldMessage | null {
  return error?.message ? { text: error.message, kind: 'error' } : null;
}

/** The account screens' card: a title, an optional lead and the content. */
export function AccountCard({
  title,
  lead,
  children,
  wide = false,
}: {
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`container page account-page${wide ? ' account-page--wide' : ''}`}>
      <div className="checkout-card account-card">
        <h1 className="account-card__title">{title}</h1>
        {lead && <div className="account-card__lead">{lead}</div>}
        {children}
      </div>
    </div>
  );
}

/** The submit button, with the SPEC's in-flight label while the call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="button account-submit" disabled={busy} aria-disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
