import { formatAbn } from '@store/shared/abn';
import { TRADE_STATUS_WORDS, type TradeAccountView } from '@store/shared/trade-accounts';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTradeAccount } from '@/lib/api/get-trade-account';
import { failureMessage } from '@/lib/toast-feedback';
import { useSession } from '@/stores/session-store';
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
  if (!session) return null;
  const view = account.data;
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
