import { Link } from 'react-router';
import { isListingQueryError } from './listing-query';

export interface ListingErrorActionsProps {
  error: unknown;
  /** The page's address without its sort and filters (page 1). */
  clearHref: string;
  onRetry: () => void;
  /** Say the API's message too (pages whose SPEC error text does not include it). */
  showMessage?: boolean;
}

/**
 * What follows a listing's error message: when the API refused the address's sort, price range or in stock
 * (a shared or hand-written link), a sentence saying so and a link without them; otherwise Try again.
 */
export function ListingErrorActions({
  error,
  clearHref,
  onRetry,
  showMessage = false,
}: ListingErrorActionsProps) {
  if (isListingQueryError(error)) {
    return (
      <>
        {showMessage && error instanceof Error && <p>{error.message}</p>}
        <p>
          The sort or price filter in this page’s address can’t be used. Change it in Filters, or clear it.
        </p>
        <Link className="button" to={clearHref}>
          Clear sort and filters
        </Link>
      </>
    );
  }
  return (
    <button type="button" className="button" onClick={onRetry}>
      Try again
    </button>
  );
}
