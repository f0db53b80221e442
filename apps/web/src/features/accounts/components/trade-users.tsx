import {
  TRADE_MESSAGES,
  tradeInviteRequestSchema,
  type TradeAccountView,
} from '@store/shared/trade-accounts';
import { useId, useState, type FormEvent } from 'react';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { useChangeTradeUsers } from '../api/change-trade-users';

const ROLE_WORDS = { owner: 'Owner', buyer: 'Buyer' } as const;

/**
 * The people who order for the business (issue 39 §5): everyone sees the list; the owner adds a customer of the
 * store by email and removes buyers (never themself), each change answered with the server's message.
 */
export function TradeUsers({ account, selfId }: { account: TradeAccountView; selfId: number }) {
  const owner = account.role === 'owner';
  const { add, remove } = useChangeTradeUsers();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const emailId = useId();
  const problemId = useId();
  const headingId = useId();

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = tradeInviteRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Email is required');
      return;
    }
    setProblem('');
    try {
      const answer = await add.mutateAsync(parsed.data.email);
      toastSuccess(answer.message || TRADE_MESSAGES.userAdded(parsed.data.email));
      setEmail('');
    } catch (error) {
      setProblem(failureMessage(error));
    }
  }

  async function onRemove(userId: number) {
    setRemoving(userId);
    try {
      const answer = await remove.mutateAsync(userId);
      toastSuccess(answer.message || TRADE_MESSAGES.userRemoved);
    } catch (error) {
      toastError(failureMessage(error));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Who can order</h2>
      <table className="order-history trade-table">
        <caption className="visually-hidden">People who order for {account.business_name}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            {owner && (
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {account.users.map((u) => (
            <tr key={u.user_id}>
              <td data-label="Name">{u.name}</td>
              <td data-label="Email">{u.email}</td>
              <td data-label="Role">{ROLE_WORDS[u.role]}</td>
              {owner && (
                <td data-label="Action">
                  {u.role === 'buyer' && u.user_id !== selfId ? (
                    <button
                      type="button"
                      className="button button--danger"
                      onClick={() => void onRemove(u.user_id)}
                      disabled={removing === u.user_id}
                      aria-label={`Remove ${u.name} (${u.email})`}
                    >
                      {removing === u.user_id ? 'Removing...' : 'Remove'}
                    </button>
                  ) : (
                    <span aria-hidden="true">—</span>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {owner ? (
        <form className="trade-users__add" noValidate onSubmit={(e) => void onAdd(e)} aria-label="Add a user">
          <label htmlFor={emailId} className="checkout-field__label">
            Add a person by the email of their store account
          </label>
          <div className="trade-users__controls">
            <input
              id={emailId}
              className="checkout-input"
              type="email"
              inputMode="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={problem !== '' || undefined}
              aria-describedby={problem ? problemId : undefined}
            />
            <button type="submit" className="button" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add user'}
            </button>
          </div>
          {problem && (
            <p id={problemId} className="checkout-field__message checkout-field__message--error" role="alert">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <p className="account-card__lead">{TRADE_MESSAGES.ownerOnly}</p>
      )}
    </section>
  );
}
