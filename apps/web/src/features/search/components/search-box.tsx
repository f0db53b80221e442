import { PAGES, productPath, searchResultsPath } from '@store/shared/paths';
import { unitPriceCentsOf } from '@store/shared/checkout-totals';
import { formatCents } from '@store/shared/money';
import type { Product } from '@store/shared/product';
import { featuredProductImage } from '@store/shared/product-image';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { type PriceView, usePriceDisplay } from '@/hooks/use-price-display';
import { useTradePricedList } from '@/hooks/use-trade-prices';
import { useKeptInput } from '@/lib/use-kept-input';
import { useCurrentVehicle } from '@/stores/garage-store';
import { SEARCH_MESSAGES, useDebouncedSearch } from '../hooks/use-debounced-search';
import './search-box.css';

/**
 * What the shopper pays, as this shopper sees prices (issue 18: "$87.95 inc. GST"; issue 34: `_price` includes
 * GST): the trade price for a trade member (issue 39, "Trade $61.23 ex. GST"), else the discounted price when there
 * is one, else `_price`; null when unreadable.
 */
function suggestionPrice(product: Product, prices: PriceView): string | null {
  const cents = unitPriceCentsOf(product);
  if (cents === null) return null;
  const shown = prices.label
    ? `${formatCents(prices.show(cents))} ${prices.label}`
    : formatCents(prices.show(cents));
  return product.trade_price ? `Trade ${shown}` : shown;
}

/**
 * The header's live product search (SPEC §2 Search, §5): an ARIA 1.2 combobox whose listbox suggests up to
 * 15 products once 3 characters have been typed and typing has paused for 300 ms. ArrowUp/ArrowDown move
 * the selection, Enter opens the selected product or, with none selected, the results page; Escape closes.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const prices = usePriceDisplay();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // Typed before the app took the page over (issue 37 §1): kept, and searched for as if typed now.
  const inputRef = useRef<HTMLInputElement>(null);
  useKeptInput([inputRef], [text], ([typed = '']) => {
    setText(typed);
    if (document.activeElement === inputRef.current) setOpen(true);
  });
  // With a vehicle chosen the suggestions are the parts that fit it, as on the results page (issue 15 §6).
  const vehicle = useCurrentVehicle();
  const { status, results: found, term } = useDebouncedSearch(text, undefined, vehicle?.vehicle_id);
  // Issue 39 §2: a trade member's suggestions show their price.
  const results = useTradePricedList(found);
  // The selection belongs to one list of results: new text starts again with nothing selected.
  const [active, setActive] = useState({ term: '', index: -1 });
  const activeIndex = status === 'results' && active.term === term ? active.index : -1;

  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const popupShown = open && status !== 'idle';
  const expanded = popupShown && results.length > 0;
  const message =
    status === 'too-short'
      ? SEARCH_MESSAGES.tooShort
      : status === 'searching'
        ? SEARCH_MESSAGES.searching
        : status === 'empty'
          ? SEARCH_MESSAGES.empty
          : '';
  const one = results.length === 1;
  const fitFor = vehicle ? ` that ${one ? 'fits' : 'fit'} your ${vehicle.short_label}` : '';
  const announcement =
    status === 'results'
      ? `${results.length} ${one ? 'product' : 'products'}${fitFor} found. Use the up and down arrows to choose.`
      : message;

  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  function close() {
    setOpen(false);
    setActive({ term: '', index: -1 });
  }

  function openProduct(product: Product) {
    close();
    void navigate(productPath(product.permalink));
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
        const product = expanded && activeIndex >= 0 ? results[activeIndex] : undefined;
        if (product) {
          event.preventDefault();
          openProduct(product);
        }
        // Otherwise the form submits: the results page.
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (popupShown) close();
        else setText('');
        return;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'idle') return;
    if (status === 'too-short') {
      setOpen(true);
      return;
    }
    close();
    void navigate(searchResultsPath(term));
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) close();
  }

  return (
    // A GET form to the results page: it searches before the scripts run, and without them (decision 0055).
    <form
      className="search-box"
      role="search"
      aria-label="Products"
      method="get"
      action={PAGES.searchResults.path}
      onSubmit={onSubmit}
      onBlur={onBlur}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <div className="search-box__field">
        <input
          ref={inputRef}
          id={inputId}
          className="search-box__input"
          type="search"
          name="query"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="Search parts, e.g. H4 globe"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search-box__submit" aria-label="Search">
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
        </button>
      </div>
      {/* Always present, so screen readers announce each change; the popup shows the same words. */}
      <p className="visually-hidden" role="status">
        {popupShown ? announcement : ''}
      </p>
      <div className="search-box__popup" hidden={!popupShown}>
        {message && (
          <p className="search-box__message" aria-hidden="true">
            {message}
          </p>
        )}
        {vehicle && expanded && (
          <p className="search-box__fits" aria-hidden="true">
            Parts that fit your <strong>{vehicle.short_label}</strong>
          </p>
        )}
        <div
          id={listboxId}
          className="search-box__listbox"
          role="listbox"
          aria-label="Product suggestions"
          hidden={!expanded}
        >
          {results.map((product, index) => {
            const price = suggestionPrice(product, prices);
            const title = product.title.trim() || 'No Title';
            return (
              <Link
                key={product.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                tabIndex={-1}
                className="search-box__option"
                to={productPath(product.permalink)}
                // Keep focus in the box: the input stays the one focused element of the combobox.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (index !== activeIndex) setActive({ term, index });
                }}
                onClick={close}
              >
                <ProductImage
                  className="search-box__image"
                  src={product.featured_image}
                  image={featuredProductImage(product)}
                  alt=""
                  width={48}
                  height={48}
                />
                <span className="search-box__title">{title}</span>
                <span className="search-box__price">{price ?? 'N/A'}</span>
              </Link>
            );
          })}
        </div>
      </div>
    </form>
  );
}
