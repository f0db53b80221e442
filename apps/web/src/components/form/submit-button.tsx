import './form.css';

/** A form's full-width submit button, with the SPEC's in-flight label while the call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="button account-submit" disabled={busy} aria-disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
