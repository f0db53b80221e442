import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { useEffect, useRef } from 'react';
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
 * `/unsubscribe?token=` (issue 11, @store/shared/paths `unsubscribePath`): the newsletter mail's one-click link. On load it
 * posts the token once (a ref keeps React StrictMode's second effect from sending it again) and says
 * whether the reader is off the list. No token: the link is not valid, and nothing is sent.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const request = useUnsubscribe();
  const { mutate } = request;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (token === '' || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

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
          ) : (
            <p className="unsubscribe__message">Unsubscribing...</p>
          )}
        </div>
        <div className="unsubscribe__actions">
          {outcome?.kind === 'failed' && (
            <button type="button" className="button" onClick={() => mutate(token)}>
              Try again
            </button>
          )}
          <Link className="button unsubscribe__home" to="/">
            Back to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}
