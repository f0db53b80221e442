import {
  LIVE_FILTERS,
  liveFilterError,
  type AddressFieldName,
  type CheckoutForm,
  type CheckoutFormInput,
  type LiveFilter,
} from '@store/shared/checkout-form';
import { useState, type ChangeEvent, type FocusEvent } from 'react';
import type { RefCallBack, UseFormReturn } from 'react-hook-form';
import type { CheckoutTextFieldName } from '../initial-checkout-values';

export type CheckoutFormApi = UseFormReturn<CheckoutFormInput, unknown, CheckoutForm>;

/** What shows under a field: a validation error, or the live-typing filter's note on a refused keystroke. */
export interface FieldMessage {
  text: string;
  kind: 'error' | 'filter';
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The props a text control spreads to join the form. */
export interface FieldRegistration {
  name: string;
  ref: RefCallBack;
  onChange: (event: ChangeEvent<TextControl>) => void;
  onBlur: (event: FocusEvent<TextControl>) => void;
}

export interface CheckoutFields {
  field(name: CheckoutTextFieldName): FieldRegistration;
  message(name: CheckoutTextFieldName): FieldMessage | null;
  /** Clears the filter notes of these fields (e.g. when a picked address fills them). */
  clearNotes(names: readonly CheckoutTextFieldName[]): void;
  /** The latest refused-keystroke note, for a polite live region (screen readers hear why nothing typed). */
  announcement: string;
}

/** A post code must lie in its state, so each of the two re-checks the other. */
const PAIRED: Partial<Record<CheckoutTextFieldName, CheckoutTextFieldName>> = {
  state: 'post_code',
  post_code: 'state',
  s_state: 's_post_code',
  s_post_code: 's_state',
};

function liveFilterOf(name: CheckoutTextFieldName): LiveFilter | undefined {
  if (name === 'comment') return undefined;
  const base = (name.startsWith('s_') ? name.slice(2) : name) as AddressFieldName;
  return LIVE_FILTERS[base];
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
 * Wires the checkout's text fields to react-hook-form with the SPEC §5 live-typing filters, and decides when
 * errors show: every error when a payment method is chosen (and from then on as the shopper types); before
 * that, only a filled-in field is checked, when the shopper leaves it, so tabbing past an empty field never
 * scolds. Values are never cleared: a refused keystroke keeps the previous value.
 */
export function useCheckoutFields(form: CheckoutFormApi): CheckoutFields {
  const { register, getValues, getFieldState, trigger, formState } = form;
  const { errors, isSubmitted } = formState;
  const [notes, setNotes] = useState<Partial<Record<CheckoutTextFieldName, string>>>({});
  const [announcement, setAnnouncement] = useState('');

  function setNote(name: CheckoutTextFieldName, text: string | null) {
    setNotes((current) => {
      if ((current[name] ?? null) === text) return current;
      const next = { ...current };
      if (text === null) delete next[name];
      else next[name] = text;
      return next;
    });
  }

  function field(name: CheckoutTextFieldName): FieldRegistration {
    const paired = PAIRED[name];
    const registration = register(name, paired ? { deps: [paired] } : undefined);
    const filter = liveFilterOf(name);
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
          (n): n is CheckoutTextFieldName =>
            n !== undefined && (filled(getValues(n)) || getFieldState(n).error !== undefined),
        );
        if (names.length > 0) void trigger(names);
      },
    };
  }

  function message(name: CheckoutTextFieldName): FieldMessage | null {
    const note = notes[name];
    if (note) return { text: note, kind: 'filter' };
    const error = errors[name]?.message;
    return error ? { text: error, kind: 'error' } : null;
  }

  function clearNotes(names: readonly CheckoutTextFieldName[]) {
    for (const name of names) setNote(name, null);
  }

  return { field, message, clearNotes, announcement };
}
