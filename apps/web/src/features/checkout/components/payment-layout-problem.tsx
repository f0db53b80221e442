import { Link } from 'react-router';
import type { PaymentProblem } from '../hooks/use-place-order';

/**
 * Where a payment page explains what went wrong, under its pay button. The alert region is always in the
 * page and only its content changes, so screen readers announce each new message.
 */
export function PaymentLayoutProblem({ problem }: { problem: PaymentProblem | null }) {
  return (
    <div
      className={problem?.tone === 'info' ? 'payment-problem payment-problem--info' : 'payment-problem'}
      role="alert"
    >
      {problem && (
        <>
          <p className="payment-problem__message">{problem.message}</p>
          {problem.detail && <p>{problem.detail}</p>}
          {problem.link && (
            <p>
              <Link to={problem.link.to}>{problem.link.label}</Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}
