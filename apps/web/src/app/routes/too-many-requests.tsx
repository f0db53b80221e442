import { PendingPageRoute } from './pending-page';

/** Placeholder until this page lands. */
export function TooManyRequestsRoute() {
  return <PendingPageRoute />;
}
