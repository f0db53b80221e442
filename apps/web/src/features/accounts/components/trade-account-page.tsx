import { formatAbn } from '@store/shared/abn';
import { TRADE_STATUS_WORDS, type TradeAccountView } from '@store/shared/trade-accounts';
import { priceDisplayOf } from '@store/shared/gst-prices';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTradeAccount } from '@/lib/api/get-trade-account';
import { failureMessage } from '@/lib/toast-feedback';
import { updateSessionUser, useSession } from '@/stores/session-store';
import { profileQueryOptions } from '../api/get-profile';
import { AccountCard } from './form-bits';
import { TradeAccountOverview } from './trade-account-overview';
import { TradeApplicationForm } from './trade-application-form';
import './trade-account.css';

/** A pending or declined application: its status in words, and the reason when declined (issue 39 §1). */
function ApplicationStatus({ account }: { account: TradeAccountView }) {
  return (
    <section className="account-section" aria-label="Application">
      <p className={`trade-status trade-status--${account.status}`} role="status">
        {TRADE_STATUS_WORDS[account.status]}
      </p>
      <dl className="account-details">
        <dt>Business</dt>
        <dd>{account.business_name}</dd>
        <dt>ABN</dt>
        <dd>{formatAbn(account.abn)}</dd>
        {account.status === 'declined' && account.decline_reason && (
          <>
            <dt>Reason</dt>
            <dd>{account.decline_reason}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/**
 * /my-account/trade (issue 39 §1, §4, §5): with no business, the trade application; a pending or declined one, its
 * status (and why it was declined); an approved (or held) account, its terms, credit, open invoices, statements and
 * the people who order for it.
 */
export function TradeAccountPage() {
  usePageTitle('Trade account');
  const session = useSession();
  const account = useTradeAccount();
  const view = account.data;
  // Approval sets the account's prices to show ex. GST (issue 39 §3); a member approved since signing in gets the
  // profile as it is now, so every price on screen follows at once.
  const approved = view?.status === 'approved';
  const profile = useQuery({ ...profileQueryOptions(), enabled: approved });
  const sessionMeta = session?.user.user_meta;
  useEffect(() => {
    if (profile.data && sessionMeta && priceDisplayOf(profile.data.user_meta) !== priceDisplayOf(sessionMeta))
      updateSessionUser(profile.data);
  }, [profile.data, sessionMeta]);
  if (!session) return null;
  const title =
    view && view.status !== 'pending' && view.status !== 'declined' ? view.business_name : 'Trade account';
  return (
    <AccountCard
      title={title}
      wide
      lead={
        view === null ? (
          <p>
            Workshops, fleets and businesses buy at trade prices, see prices ex. GST, and pay on account.
            Apply below: required fields are marked with an asterisk (*).
          </p>
        ) : undefined
      }
    >
      {account.isPending ? (
        <p role="status">Loading...</p>
      ) : account.isError ? (
        <p className="notice notice--error" role="alert">
          {failureMessage(account.error)}
        </p>
      ) : view === null || view === undefined ? (
        <TradeApplicationForm user={session.user} />
      ) : view.status === 'pending' || view.status === 'declined' ? (
        <ApplicationStatus account={view} />
      ) : (
        <TradeAccountOverview account={view} selfId={session.user.id} />
      )}
    </AccountCard>
  );
}
