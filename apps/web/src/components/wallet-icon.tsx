/** A wallet's outline (22 px), for the test provider's wallet buttons (DESIGN §3, issue 40); decorative. */
export function WalletIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4z M4 7V6a2 2 0 0 1 2-2h10v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="13" r="1.4" fill="currentColor" />
    </svg>
  );
}
