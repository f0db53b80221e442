import {
  ADDRESS_QUERY_MIN_LENGTH,
  ADDRESS_SUGGESTION_LIMIT,
  GEONAMES_ATTRIBUTION,
  type AddressSuggestion,
} from '@store/shared/address-lookup';
import { useEffect, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAddressSuggestions } from '@/lib/api/get-address-suggestions';
import type { ControlAria } from './text-field';
import type { FieldRegistration } from './use-form-fields';
import './city-combobox.css';

/** Typing pauses this long before a lookup is sent. */
export const ADDRESS_LOOKUP_DEBOUNCE_MS = 250;

export const ADDRESS_LOOKUP_MESSAGES = {
  searching: 'Looking up places…',
  empty: 'No Australian place matches. Check the spelling, or type your city, state and post code.',
  failed: 'Suggestions are unavailable right now. Please type your city, state and post code.',
} as const;

/** Screens narrow enough for the on-screen keyboard to hide a list below the field. */
const PHONE_QUERY = '(max-width: 639px)';

type LookupStatus = 'idle' | 'searching' | 'results' | 'empty' | 'failed';

export interface CityComboboxProps {
  aria: ControlAria;
  registration: FieldRegistration;
  autoComplete: string;
  autoCapitalize?: InputHTMLAttributes<HTMLInputElement>['autoCapitalize'];
  /** Fills the address from the picked place (it may look up the full address first). */
  onPick: (suggestion: AddressSuggestion) => void;
  /** Shows the GeoNames credit under the list (CC BY 4.0) when the suggestions come from it. */
  showAttribution: boolean;
}

/**
 * The City field as an ARIA 1.2 combobox (SPEC §2 Checkout: address autocomplete restricted to Australia).
 * From 2 typed characters and a 250 ms pause it lists up to 8 Australian places; a click, or the arrow keys
 * and Enter, picks one and fills city, state and post code (and street, when the source knows it). Escape
 * or leaving the field closes the list; the shopper can always type the city in full instead.
 */
export function CityCombobox({
  aria,
  registration,
  autoComplete,
  autoCapitalize,
  onPick,
  showAttribution,
}: CityComboboxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const term = text.trim();
  const debounced = useDebouncedValue(term, ADDRESS_LOOKUP_DEBOUNCE_MS);
  const settled = debounced === term;
  const lookup = useAddressSuggestions(debounced, open && settled);
  // The highlighted option belongs to one list: new text starts again with none highlighted.
  const [active, setActive] = useState({ term: '', index: -1 });

  const results: AddressSuggestion[] =
    settled && lookup.data ? lookup.data.slice(0, ADDRESS_SUGGESTION_LIMIT) : [];
  const status: LookupStatus =
    term.length < ADDRESS_QUERY_MIN_LENGTH
      ? 'idle'
      : !settled || lookup.isPending
        ? 'searching'
        : lookup.isError
          ? 'failed'
          : results.length > 0
            ? 'results'
            : 'empty';
  const activeIndex = status === 'results' && active.term === term ? active.index : -1;
  const popupShown = open && status !== 'idle';
  const expanded = popupShown && status === 'results';

  const listboxId = `${aria.id}-listbox`;
  const optionId = (index: number) => `${aria.id}-option-${index}`;
  const message =
    status === 'searching'
      ? ADDRESS_LOOKUP_MESSAGES.searching
      : status === 'empty'
        ? ADDRESS_LOOKUP_MESSAGES.empty
        : status === 'failed'
          ? ADDRESS_LOOKUP_MESSAGES.failed
          : '';
  const announcement =
    status === 'results'
      ? `${results.length} ${results.length === 1 ? 'place' : 'places'} found. Use the up and down arrows to choose, then Enter.`
      : message;

  useEffect(() => {
    if (lookup.error) console.error('Address suggestions failed:', lookup.error);
  }, [lookup.error]);

  useEffect(() => {
    // On a phone the keyboard covers the lower half of the screen: lift the field to the top so the list
    // opens in view below it.
    if (expanded && window.matchMedia?.(PHONE_QUERY).matches) {
      document.getElementById(aria.id)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    }
  }, [expanded, aria.id]);

  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(`${aria.id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, aria.id]);

  function close() {
    setOpen(false);
    setActive({ term: '', index: -1 });
  }

  function pick(suggestion: AddressSuggestion) {
    close();
    onPick(suggestion);
  }

  function move(step: 1 | -1) {
    const count = results.length;
    if (count === 0) return;
    setOpen(true);
    const from = expanded ? activeIndex : -1;
    const next = from === -1 ? (step === 1 ? 0 : count - 1) : (from + step + count) % count;
    setActive({ term, index: next });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (status !== 'results') return;
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter': {
        const suggestion = expanded && activeIndex >= 0 ? results[activeIndex] : undefined;
        // Enter never submits the form from here: it picks, or does nothing.
        event.preventDefault();
        if (suggestion) pick(suggestion);
        return;
      }
      case 'Escape':
        if (popupShown) {
          event.preventDefault();
          close();
        }
        return;
    }
  }

  return (
    <div className="city-combobox">
      <input
        {...aria}
        {...registration}
        className="checkout-input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete={autoComplete}
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        onChange={(event) => {
          registration.onChange(event);
          // A refused keystroke has already put the previous value back: look up what the field holds.
          setText(event.target.value);
          setOpen(true);
        }}
        onBlur={(event) => {
          close();
          registration.onBlur(event);
        }}
        onKeyDown={onKeyDown}
      />
      {/* Always present, so each change is announced; the popup shows the same words. */}
      <p className="visually-hidden" role="status">
        {popupShown ? announcement : ''}
      </p>
      <div className="city-combobox__popup" hidden={!popupShown}>
        {message && (
          <p className="city-combobox__message" aria-hidden="true">
            {message}
          </p>
        )}
        <ul
          id={listboxId}
          className="city-combobox__listbox"
          role="listbox"
          aria-label="Places"
          hidden={!expanded}
        >
          {results.map((suggestion, index) => (
            <li
              key={`${suggestion.place_id ?? ''}|${suggestion.label}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className="city-combobox__option"
              // Keep focus in the field: the input stays the one focused element of the combobox.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => {
                if (index !== activeIndex) setActive({ term, index });
              }}
              onClick={() => pick(suggestion)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                />
                <circle cx="12" cy="10" r="2.3" fill="currentColor" />
              </svg>
              <span>{suggestion.label}</span>
            </li>
          ))}
        </ul>
        {showAttribution && status !== 'searching' && (
          <p className="city-combobox__attribution">{GEONAMES_ATTRIBUTION}</p>
        )}
      </div>
    </div>
  );
}
