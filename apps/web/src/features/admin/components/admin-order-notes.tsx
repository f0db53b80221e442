import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORDER_NOTE_MAX_LENGTH,
  orderNoteRequestSchema,
  type OrderNoteRequest,
} from '@store/shared/admin-order-notes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { useAddOrderNote, useOrderNotes } from '../api/admin-order-care';
import { sydneyDateTime } from '../admin-format';
import './admin-order-care.css';

/**
 * The order's internal notes (issue 36 §4): a form to add one, and every note newest first with its author and
 * time; a shipping-address correction's automatic note is marked so. Only staff see them.
 */
export function AdminOrderNotes({ publicId }: { publicId: string }) {
  const notes = useOrderNotes(publicId);
  const add = useAddOrderNote(publicId);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<OrderNoteRequest>({
    resolver: zodResolver(orderNoteRequestSchema),
    defaultValues: { body: '' },
  });
  const error = form.formState.errors.body?.message;
  const onSubmit = form.handleSubmit(({ body }) => {
    setDone(null);
    add.mutate(body, {
      onSuccess: (answer) => {
        form.reset({ body: '' });
        setDone(answer.message);
      },
      onError: (e) => {
        const field = e instanceof ApiError ? e.fieldErrors?.find((f) => f.field === 'body') : undefined;
        form.setError('body', {
          message:
            field?.message ?? (e instanceof ApiError ? e.message : 'The note was not saved. Try again.'),
        });
      },
    });
  });
  return (
    <section className="admin-order__section admin-order-notes" aria-labelledby="admin-order-notes-title">
      <h2 id="admin-order-notes-title">Internal notes</h2>
      <p className="admin-order__reference">Only staff see these notes; the customer never does.</p>
      <form className="admin-order__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-order-note">
            New note
          </label>
          <textarea
            id="admin-order-note"
            className="admin-input"
            rows={3}
            maxLength={ORDER_NOTE_MAX_LENGTH}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'admin-order-note-message' : undefined}
            {...form.register('body')}
          />
          {error && (
            <p id="admin-order-note-message" className="admin-field__message">
              {error}
            </p>
          )}
        </div>
        <div className="admin-order__buttons">
          <button type="submit" className="button" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </button>
        </div>
        <div role="status" className={done ? 'admin-notice' : undefined}>
          {done}
        </div>
      </form>
      {notes.isPending ? (
        <p role="status">Loading the notes…</p>
      ) : notes.isError ? (
        <p role="alert" className="admin-form__alert">
          The notes did not load: {notes.error.message}
        </p>
      ) : notes.data.data.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ol className="admin-order__plain-list admin-order-notes__list" aria-label="Notes, newest first">
          {notes.data.data.map((n) => (
            <li key={n.id} className={`admin-order-notes__note admin-order-notes__note--${n.kind}`}>
              <p className="admin-order-notes__meta">
                <strong>{n.author}</strong> on {sydneyDateTime(n.created_at)}
                {n.kind === 'address_correction' ? ' (automatic)' : ''}
              </p>
              <p className="admin-order-notes__body">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
