import {
  RESENDABLE_MAIL_LABELS,
  resendableMails,
  type ResendableMail,
} from '@store/shared/admin-order-mails';
import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useResendOrderMail } from '../api/admin-order-care';
import './admin-order-care.css';

type Feedback = { kind: 'success' | 'error'; text: string } | null;

/**
 * Resending the customer's mails (issue 36 §4): one button per mail this order has (its confirmation; its
 * shipping notice once shipped), sent to the order's email. The server refuses a second resend of one mail
 * within a minute, and says so here.
 */
export function AdminOrderResend({ order }: { order: AdminOrderDetail }) {
  const resend = useResendOrderMail(order.id);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const mails = resendableMails(order);
  const send = (mail: ResendableMail) => {
    setFeedback(null);
    resend.mutate(
      { mail },
      {
        onSuccess: (answer) => setFeedback({ kind: 'success', text: answer.message }),
        onError: (e) =>
          setFeedback({
            kind: 'error',
            text: e instanceof ApiError ? e.message : 'The store did not answer. Try again.',
          }),
      },
    );
  };
  return (
    <section className="admin-order__panel" aria-labelledby="admin-order-resend-title">
      <h2 id="admin-order-resend-title">Customer mails</h2>
      {mails.length === 0 ? (
        <p>This order has no mail to send again.</p>
      ) : (
        <>
          <p className="admin-order__reference">Sent again to {order.email}.</p>
          <div className="admin-order__buttons">
            {mails.map((mail) => (
              <button
                key={mail}
                type="button"
                className="button admin-button--secondary"
                disabled={resend.isPending}
                onClick={() => send(mail)}
              >
                Resend {RESENDABLE_MAIL_LABELS[mail].toLowerCase()}
              </button>
            ))}
          </div>
        </>
      )}
      <div role="status" className={feedback?.kind === 'success' ? 'admin-notice' : undefined}>
        {feedback?.kind === 'success' ? feedback.text : null}
      </div>
      <div role="alert" className="admin-form__alert">
        {feedback?.kind === 'error' ? feedback.text : null}
      </div>
    </section>
  );
}
