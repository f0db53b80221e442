/** How the back office writes money, times and sizes (issue 12): one place, used by every section. */
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { formatSignedCents } from '@store/shared/order-breakdown';

/** '70.40' (the API's dollars) -> '$70.40'. */
export function dollars(amount: string): string {
  return formatCents(parseDecimalToCents(amount) ?? 0);
}

/** '-12.50' (dollars that may be negative) -> '−$12.50' with a true minus, as the order breakdown writes it. */
export function signedDollars(amount: string): string {
  const negative = amount.trim().startsWith('-');
  const cents = parseDecimalToCents(negative ? amount.trim().slice(1) : amount) ?? 0;
  return formatSignedCents(negative ? -cents : cents);
}

/** An ISO time as Sydney's date and time, e.g. '25 Nov 2026, 3:12 pm'. */
export function sydneyDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-AU', {
    timeZone: 'Australia/Sydney',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** An ISO time as Sydney's date, e.g. '25 Nov 2026'. */
export function sydneyDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-AU', { timeZone: 'Australia/Sydney', dateStyle: 'medium' });
}

/** A size in bytes as a person reads it: '70 bytes', '12 KB', '1.4 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
