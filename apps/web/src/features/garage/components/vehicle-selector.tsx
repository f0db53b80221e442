import { useId, useState, type FormEvent } from 'react';
import type { ChosenVehicle } from '@/stores/garage-store';
import { useVehicleOptions } from '../api/vehicle-options';
import { chosenFromVariant, variantOptionText } from '../chosen-vehicle';
import { useChooseVehicle } from '../hooks/use-choose-vehicle';
import './vehicle-selector.css';

export interface VehicleSelectorProps {
  /** The form's heading text (visible), e.g. 'Shop by vehicle'. */
  title?: string;
  /** The button's text. */
  submitLabel?: string;
  /** Called after the vehicle is chosen (close a panel, say). */
  onChosen?: (vehicle: ChosenVehicle) => void;
  /** `compact`: one row on wide screens (header panel); `hero`: the home page's card. */
  variant?: 'compact' | 'hero';
  /** Move focus to the first list when shown (a panel just opened). */
  autoFocus?: boolean;
}

/**
 * The vehicle selector (issue 15 §5): Make, then Model, then Year, then Variant, each list narrowed by the choice
 * before it and asked for only once that choice is made. Native selects, so the keyboard and screen readers work
 * as everywhere else; a model year with one variant chooses it. Choosing keeps the vehicle in the garage.
 */
export function VehicleSelector({
  title = 'Shop by vehicle',
  submitLabel = 'Shop for this vehicle',
  onChosen,
  variant = 'hero',
  autoFocus = false,
}: VehicleSelectorProps) {
  const id = useId();
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [year, setYear] = useState<number | null>(null);
  const [variantId, setVariantId] = useState<number | null>(null);
  const options = useVehicleOptions(make, model, year);
  const choose = useChooseVehicle();
  const variants = options.variants.data;

  // One variant in that year: nothing left to ask.
  const chosenId = variantId ?? (variants?.length === 1 ? (variants[0]?.id ?? null) : null);
  const chosen = variants?.find((v) => v.id === chosenId);
  const failed = [options.makes, options.models, options.years, options.variants].find((q) => q.isError);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || year === null) return;
    const vehicle = chosenFromVariant(chosen, year);
    choose(vehicle);
    onChosen?.(vehicle);
  }

  const field = (
    name: string,
    label: string,
    value: string,
    disabled: boolean,
    placeholder: string,
    list: { value: string; text: string }[] | undefined,
    onChange: (value: string) => void,
    focus = false,
  ) => (
    <div className="vehicle-selector__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={value}
        disabled={disabled}
        autoFocus={focus}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {list?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form
      className={`vehicle-selector vehicle-selector--${variant}`}
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
    >
      <h2 id={`${id}-title`} className="vehicle-selector__title">
        {title}
      </h2>
      <div className="vehicle-selector__fields">
        {field(
          'make',
          'Make',
          make,
          !options.makes.data,
          options.makes.data ? 'Select make' : 'Loading makes…',
          options.makes.data?.map((m) => ({ value: m, text: m })),
          (value) => {
            setMake(value);
            setModel('');
            setYear(null);
            setVariantId(null);
          },
          autoFocus,
        )}
        {field(
          'model',
          'Model',
          model,
          make === '' || !options.models.data,
          'Select model',
          options.models.data?.map((m) => ({ value: m, text: m })),
          (value) => {
            setModel(value);
            setYear(null);
            setVariantId(null);
          },
        )}
        {field(
          'year',
          'Year',
          year === null ? '' : String(year),
          model === '' || !options.years.data,
          'Select year',
          options.years.data?.map((y) => ({ value: String(y), text: String(y) })),
          (value) => {
            setYear(value === '' ? null : Number(value));
            setVariantId(null);
          },
        )}
        {field(
          'variant',
          'Variant',
          chosenId === null ? '' : String(chosenId),
          year === null || !variants,
          'Select variant',
          variants?.map((v) => ({ value: String(v.id), text: variantOptionText(v) })),
          (value) => setVariantId(value === '' ? null : Number(value)),
        )}
        <button type="submit" className="button vehicle-selector__submit" disabled={!chosen}>
          {submitLabel}
        </button>
      </div>
      {failed && (
        <p className="vehicle-selector__error" aria-live="polite">
          Could not load the vehicle list. Check your connection and try again.
        </p>
      )}
    </form>
  );
}
