import { EXPORT_LABELS } from '@store/shared/admin-exports';
import { useState } from 'react';

/**
 * A back-office "Export CSV" button (issue 36 §4): runs `download` (which saves the file and answers its name),
 * says what happened in a status or alert region next to it, and is busy while the file is prepared.
 */
export function AdminExportButton({
  download,
  hint,
  label = EXPORT_LABELS.button,
}: {
  download: () => Promise<string>;
  hint?: string;
  label?: string;
}) {
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: string | null }>({
    busy: false,
    message: null,
    error: null,
  });
  const run = async () => {
    setState({ busy: true, message: null, error: null });
    try {
      const name = await download();
      setState({ busy: false, message: EXPORT_LABELS.done(name), error: null });
    } catch (error) {
      setState({
        busy: false,
        message: null,
        error: error instanceof Error ? error.message : 'The export failed.',
      });
    }
  };
  return (
    <div className="admin-export">
      <button
        type="button"
        className="button admin-button--secondary"
        onClick={() => void run()}
        disabled={state.busy}
      >
        {state.busy ? EXPORT_LABELS.downloading : label}
      </button>
      {hint && <p className="admin-field__hint">{hint}</p>}
      <div role="status" className={state.message ? 'admin-export__done' : undefined}>
        {state.message}
      </div>
      <div role="alert" className="admin-form__alert">
        {state.error}
      </div>
    </div>
  );
}
