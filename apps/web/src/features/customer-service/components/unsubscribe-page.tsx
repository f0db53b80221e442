import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import './unsubscribe-page.css';

/** Shown when the unsubscribe call fails for another reason than a bad link (server down, no answer). */
export const UNSUBSCRIBE_FAILED =
  'We could not unsubscribe you just now. Please try again in a moment, or reply to any of our emails.';

/** A 400 (malformed) or 404 (unknown) token: the link itself is no good, and trying again will not help. */
function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/**
 * `/unsubscribe?token=` (issue 11, @store/shared/paths `unsubscribePath`; the List-Unsubscribe address opened in a
 * browser lands here too, issue 37 §4): one button unsubscribes (a POST), and the page says whether the reader is
 * off the list. Opening the page changes nothing: mail scanners and link previews open links too (RFC 8058 §1).
 * No token: the link is not valid, and there is nothing to send.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const request = useUnsubscribe();
  const { mutate } = request;

  const outcome =
    token === '' || isInvalidLink(request.error)
      ? { text: NEWSLETTER_MESSAGES.unsubscribeInvalid, kind: 'invalid' }
      : request.isSuccess
        ? { text: NEWSLETTER_MESSAGES.unsubscribed, kind: 'done' }
        : request.isError
          ? { text: UNSUBSCRIBE_FAILED, kind: 'failed' }
          : null;

  return (
    <div className="container page unsubscribe">
      <div className="unsubscribe__card">
        <h1 className="unsubscribe__title">Newsletter</h1>
        <div role="status" className="unsubscribe__status">
          {outcome ? (
            <p className={`unsubscribe__message unsubscribe__message--${outcome.kind}`}>{outcome.text}</p>
          ) : request.isPending ? (
            <p className="unsubscribe__message">Unsubscribing...</p>
          ) : (
            <p className="unsubscribe__message">Stop receiving our newsletter emails?</p>
          )}
        </div>
        <div className="unsubscribe__actions">
          {token !== '' && (outcome === null || outcome.kind === 'failed') && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                mutate(token);
              }}
            >
              <button type="submit" className="button" disabled={request.isPending}>
                {outcome?.kind === 'failed' ? 'Try again' : 'Unsubscribe'}
              </button>
            </form>
          )}
          <Link className="button unsubscribe__home" to="/">
            Back to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}
