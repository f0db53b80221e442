import { useId, useRef, useState, type FormEvent } from 'react';
import {
  IN_STOCK_ONLY,
  PRICE_MESSAGES,
  PRICE_PLACEHOLDER,
  hasListingFilters,
  inStockOnly,
  readPriceInput,
  type ListingQuery,
} from './listing-query';
import './listing-controls.css';

/** What Apply asks for: the price bounds in dollars (blank: no bound) and in stock only. */
export type ListingFilters = Pick<ListingQuery, 'min_price' | 'max_price' | 'in_stock'>;

export interface ListingFilterFormProps {
  /** The filters of the address being shown; the boxes start with them. */
  query: ListingQuery;
  /** Called with checked values when Apply is pressed. */
  onApply: (filters: ListingFilters) => void;
  /** Called by Clear (shown while a price or in stock only is set). */
  onClear: () => void;
  /** 'stacked' in the shop's sidebar; 'inline' in a wide panel. */
  layout?: 'stacked' | 'inline';
  /**
   * The address's other parameters (category, brand, sort, the search's text), kept as hidden fields: without
   * scripts the form is a GET of the page it is on (decision 0055), and Apply keeps what the page is showing.
   */
  keep?: Record<string, string | undefined>;
}

interface FieldErrors {
  min?: string;
  max?: string;
}

function ErrorIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M8 4.5v4M8 11v.5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function FilterForm({ query, onApply, onClear, layout = 'stacked', keep = {} }: ListingFilterFormProps) {
  const id = useId();
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const min = readPriceInput(String(form.get('min_price') ?? ''));
    const max = readPriceInput(String(form.get('max_price') ?? ''));
    const found: FieldErrors = {};
    if ('error' in min) found.min = min.error;
    if ('error' in max) found.max = max.error;
    if ('dollars' in min && 'dollars' in max && min.dollars && max.dollars) {
      if (Number(min.dollars) > Number(max.dollars)) found.min = PRICE_MESSAGES.minAboveMax;
    }
    setErrors(found);
    if (found.min) return minRef.current?.focus();
    if (found.max) return maxRef.current?.focus();
    if ('dollars' in min && 'dollars' in max) {
      onApply({
        min_price: min.dollars || undefined,
        max_price: max.dollars || undefined,
        in_stock: form.get('in_stock') ? '1' : undefined,
      });
    }
  }

  const hint = `${id}-hint`;
  const inputId = (which: 'min' | 'max') => `${id}-${which}`;
  const errorId = (which: 'min' | 'max') => `${id}-${which}-error`;
  const priceField = (which: 'min' | 'max') => (
    <div className="listing-filter__field">
      <label htmlFor={inputId(which)} className="listing-filter__label">
        {which === 'min' ? 'Min price' : 'Max price'}
      </label>
      <span className="listing-filter__money">
        <span className="listing-filter__currency" aria-hidden="true">
          $
        </span>
        <input
          ref={which === 'min' ? minRef : maxRef}
          id={inputId(which)}
          name={which === 'min' ? 'min_price' : 'max_price'}
          className="listing-filter__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={PRICE_PLACEHOLDER}
          defaultValue={which === 'min' ? (query.min_price ?? '') : (query.max_price ?? '')}
          aria-invalid={errors[which] ? true : undefined}
          aria-describedby={errors[which] ? `${errorId(which)} ${hint}` : hint}
        />
      </span>
    </div>
  );
  const priceError = (which: 'min' | 'max') =>
    errors[which] && (
      <p id={errorId(which)} className="listing-filter__error">
        <ErrorIcon />
        {which === 'min' ? 'Min price: ' : 'Max price: '}
        {errors[which]}
      </p>
    );

  return (
    <form
      className={`listing-filter listing-filter--${layout}`}
      aria-label="Price and stock"
      method="get"
      noValidate
      onSubmit={submit}
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <fieldset className="listing-filter__price">
        <legend className="listing-filter__legend">Price</legend>
        <p id={hint} className="listing-filter__hint">
          In dollars. Leave a box empty for no limit.
        </p>
        <div className="listing-filter__range">
          {priceField('min')}
          <span className="listing-filter__to" aria-hidden="true">
            to
          </span>
          {priceField('max')}
        </div>
        {priceError('min')}
        {priceError('max')}
      </fieldset>
      <label className="listing-filter__check">
        <input type="checkbox" name="in_stock" value="1" defaultChecked={inStockOnly(query)} />
        {IN_STOCK_ONLY}
      </label>
      <div className="listing-filter__actions">
        <button type="submit" className="button listing-filter__apply">
          Apply
        </button>
        {hasListingFilters(query) && (
          <button
            type="button"
            className="listing-filter__clear"
            aria-label="Clear price and stock filters"
            onClick={onClear}
          >
            Clear
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The listing's price range (two boxes in dollars; SPEC §2's 130 and 500 as placeholders) and 'In stock only',
 * applied together by Apply (issue 13). The boxes start again from the address whenever it changes (Back, a
 * removed filter), so they never show a range the list is not filtered by.
 */
export function ListingFilterForm(props: ListingFilterFormProps) {
  const { min_price = '', max_price = '', in_stock = '' } = props.query;
  return <FilterForm key={`${min_price}|${max_price}|${in_stock}`} {...props} />;
}
