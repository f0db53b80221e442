import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { takeLastVisitedUrl } from '@/lib/too-many-requests';

/** SPEC §9: the on-screen countdown, seconds. */
export const TOO_MANY_REQUESTS_COUNTDOWN_S = 30;
/** SPEC §9: the page leaves after 45 seconds (the server's rate-limit window has passed by then). */
export const TOO_MANY_REQUESTS_RETURN_MS = 45_000;

/** 'Please wait 30 seconds…' … 'Please wait 1 second…', then 'Taking you back…'. */
export function waitMessage(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'Taking you back…';
  return `Please wait ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'}…`;
}

/**
 * /too-many-requests (SPEC §2, §8, §9): a loader overlay that counts down 30 seconds on screen and, after
 * 45 seconds, returns to the page the shopper was on (`lastVisitedUrl`, only a path of this site) or home.
 * The countdown is shown every second but spoken only every 10 seconds, so a screen reader is not flooded.
 * The root layout makes the header and footer inert meanwhile: the overlay covers them.
 */
export function TooManyRequestsRoute() {
  usePageTitle('Too many requests');
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [secondsLeft, setSecondsLeft] = useState(TOO_MANY_REQUESTS_COUNTDOWN_S);

  useEffect(() => {
    headingRef.current?.focus();
    // Measured from the start rather than counted, so a slow or throttled tab still ends on time.
    const start = Date.now();
    const tick = setInterval(() => {
      const elapsed = Math.floor((Date.now() - start) / 1000);
      const left = Math.max(0, TOO_MANY_REQUESTS_COUNTDOWN_S - elapsed);
      setSecondsLeft(left);
      if (left === 0) clearInterval(tick);
    }, 1000);
    const leave = setTimeout(
      () => void navigate(takeLastVisitedUrl(), { replace: true }),
      TOO_MANY_REQUESTS_RETURN_MS,
    );
    return () => {
      clearInterval(tick);
      clearTimeout(leave);
    };
  }, [navigate]);

  // Spoken at 30, 20, 10 and 0 seconds left.
  const spokenSeconds = Math.ceil(secondsLeft / 10) * 10;

  return (
    <div className="rate-limit">
      <div className="rate-limit__card">
        <span className="rate-limit__spinner" aria-hidden="true" />
        <h1 ref={headingRef} className="rate-limit__title" tabIndex={-1}>
          Too many requests
        </h1>
        <p className="rate-limit__text">
          We have had a lot of requests from your connection in a short time, so the store is taking a short
          break. You will be taken back to where you were.
        </p>
        <p className="rate-limit__count" aria-hidden="true">
          {waitMessage(secondsLeft)}
        </p>
        <p className="visually-hidden" role="status" aria-live="polite">
          {waitMessage(spokenSeconds)}
        </p>
      </div>
    </div>
  );
}
