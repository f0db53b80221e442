import { liveFilterError, type LiveFilter } from '@store/shared/checkout-form';
import { useState, type ChangeEvent, type FocusEvent } from 'react';
import type { FieldValues, Path, RefCallBack, UseFormReturn } from 'react-hook-form';
import type { FieldMessage } from './field-message';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The props a text control spreads to join the form. */
export interface FieldRegistration {
  name: string;
  ref: RefCallBack;
  onChange: (event: ChangeEvent<TextControl>) => void;
  onBlur: (event: FocusEvent<TextControl>) => void;
}

export interface FormFields<TName extends string> {
  field(name: TName): FieldRegistration;
  message(name: TName): FieldMessage | null;
  /** Clears the filter notes of these fields (e.g. when a picked address fills them). */
  clearNotes(names: readonly TName[]): void;
  /** The latest refused-keystroke note, for a polite live region (screen readers hear why nothing typed). */
  announcement: string;
}

/** What a form says about its text fields: each one's live-typing filter, and which fields re-check each other. */
export interface FieldRules<TName extends string> {
  liveFilter(name: TName): LiveFilter | undefined;
  /** A field and the one that must be re-checked with it (e.g. a post code must lie in its state). */
  paired: Partial<Record<TName, TName>>;
}

/** Spaces, dashes, dots and brackets that pasted or autofilled numbers carry ("0412 345 678"). */
const NUMBER_PUNCTUATION = /[\s().-]/g;

/**
 * SPEC §5 live typing: the value to accept for what is now in the field, or the filter's message when the
 * change must be refused. A paste or autofill into a numeric field (more than one character at once) is
 * forgiven its spacing, so "0412 345 678" lands as 0412345678 instead of being refused whole.
 */
export function filterTyped(
  filter: LiveFilter,
  previous: string,
  typed: string,
): { value: string; error: null } | { value: null; error: string } {
  const value =
    filter === 'numeric' && typed.length - previous.length > 1
      ? typed.replace(NUMBER_PUNCTUATION, '')
      : typed;
  const error = liveFilterError(filter, value);
  return error === null ? { value, error: null } : { value: null, error };
}

/** Puts back the accepted value, keeping the caret where the refused characters were typed. */
function restoreValue(control: TextControl, previous: string) {
  const caret = control.selectionStart;
  const added = Math.max(0, control.value.length - previous.length);
  control.value = previous;
  if (caret === null) return;
  const at = Math.min(previous.length, Math.max(0, caret - added));
  try {
    control.setSelectionRange(at, at);
  } catch {
    // Some input types (email) have no selection; the value is what matters.
  }
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * Wires a form's text fields to react-hook-form with the SPEC §5 live-typing filters that `rules` names, and
 * decides when errors show: every error once the form is submitted (the checkout: a payment method is chosen)
 * and from then on as the shopper types; before that, only a filled-in field is checked, when the shopper
 * leaves it, so tabbing past an empty field never scolds. Values are never cleared: a refused keystroke keeps the previous value.
 */
export function useFormFields<TValues extends FieldValues, TTransformed, TName extends Path<TValues>>(
  form: UseFormReturn<TValues, unknown, TTransformed>,
  rules: FieldRules<TName>,
): FormFields<TName> {
  const { register, getValues, getFieldState, trigger, formState } = form;
  const { errors, isSubmitted } = formState;
  const [notes, setNotes] = useState<Partial<Record<TName, string>>>({});
  const [announcement, setAnnouncement] = useState('');

  function setNote(name: TName, text: string | null) {
    setNotes((current) => {
      if ((current[name] ?? null) === text) return current;
      const next = { ...current };
      if (text === null) delete next[name];
      else next[name] = text;
      return next;
    });
  }

  function field(name: TName): FieldRegistration {
    const paired = rules.paired[name];
    const registration = register(name, paired ? { deps: [paired] } : undefined);
    const filter = rules.liveFilter(name);
    return {
      name: registration.name,
      ref: registration.ref,
      onChange(event) {
        const control = event.target;
        if (filter) {
          const previous = String(getValues(name) ?? '');
          const result = filterTyped(filter, previous, control.value);
          if (result.error !== null) {
            restoreValue(control, previous);
            setNote(name, result.error);
            setAnnouncement(result.error);
            return;
          }
          if (result.value !== control.value) control.value = result.value;
        }
        setNote(name, null);
        void registration.onChange(event).then(() => {
          // Before the first payment attempt react-hook-form does not re-check on change; an error shown
          // on leaving a field should still go as soon as the shopper fixes it.
          if (!isSubmitted && getFieldState(name).error) void trigger(name);
        });
      },
      onBlur(event) {
        setNote(name, null);
        void registration.onBlur(event);
        if (isSubmitted) return;
        const names = [name, paired].filter(
          (n): n is TName =>
            n !== undefined && (filled(getValues(n)) || getFieldState(n).error !== undefined),
        );
        if (names.length > 0) void trigger(names);
      },
    };
  }

  function message(name: TName): FieldMessage | null {
    const note = notes[name];
    if (note) return { text: note, kind: 'filter' };
    // Text fields are flat names, so the error sits at the top of `errors`.
    const error = (errors as Partial<Record<string, { message?: unknown }>>)[name]?.message;
    return typeof error === 'string' && error ? { text: error, kind: 'error' } : null;
  }

  function clearNotes(names: readonly TName[]) {
    for (const name of names) setNote(name, null);
  }

  return { field, message, clearNotes, announcement };
}
