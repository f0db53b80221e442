import { useImperativeHandle, useState, type FormEvent, type Ref } from 'react';

/** Lets a page empty the box (its 'Clear filters' link) without a search. */
export interface AdminSearchFormHandle {
  clear: () => void;
}

export interface AdminSearchFormProps {
  /** The input's id, which the label points at, e.g. 'admin-orders-q'. */
  id: string;
  /** The visible label, e.g. 'Invoice, order id, email or name'. */
  label: string;
  /** The form's accessible name, e.g. 'Search orders'. */
  name: string;
  /** The form's class, e.g. 'admin-orders-search'. */
  className: string;
  /** The search in the URL now; the box starts with it. */
  q: string;
  /** Called with the box's text (untrimmed) when Search is pressed. */
  onSearch: (text: string) => void;
  ref?: Ref<AdminSearchFormHandle>;
}

/**
 * A back-office list's search (issue 12): a `role="search"` form with a labelled `type="search"` box (up to 100
 * characters) and a Search button. What is typed stays in the box until Search sends it to `onSearch`.
 */
export function AdminSearchForm({ id, label, name, className, q, onSearch, ref }: AdminSearchFormProps) {
  const [text, setText] = useState(q);
  useImperativeHandle(ref, () => ({ clear: () => setText('') }), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" aria-label={name} className={className} onSubmit={submit}>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="admin-input"
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
