import { NO_VEHICLE_CHOICE, VEHICLE_CHOICE_FIELDS, type VehicleChoice } from '@store/shared/vehicle-choice';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChosenVehicle } from '@/stores/garage-store';
import {
  makesQueryOptions,
  modelsQueryOptions,
  variantsQueryOptions,
  vehicleQueryOptions,
  yearsQueryOptions,
} from '@/lib/api/vehicle-options';
import { useKeptInput } from '@/lib/use-kept-input';
import { chosenFromVariant, variantOptionText } from '../chosen-vehicle';
import { useChooseVehicle } from '../hooks/use-choose-vehicle';
import './vehicle-selector.css';

export interface VehicleSelectorProps {
  /** The form's heading text (visible), e.g. 'Shop by vehicle'. */
  title?: string;
  /** The button's text once the variants are listed (before that it reads 'Next'). */
  submitLabel?: string;
  /** Called after the vehicle is chosen (close a panel, say). */
  onChosen?: (vehicle: ChosenVehicle) => void;
  /** `compact`: one row on wide screens (header panel); `hero`: the home page's card. */
  variant?: 'compact' | 'hero';
  /** Move focus to the first list when shown (a panel just opened). */
  autoFocus?: boolean;
  /**
   * The choices to start from: the address's (a step submitted without scripts, `readVehicleChoice`) or the
   * current vehicle's ("Change" starts from it). Choices the lists do not have are dropped.
   */
  initial?: VehicleChoice;
  /**
   * Where the form goes without scripts (GET, decision 0055): a page that renders this selector from the
   * address, the home page. The server answers a whole choice by choosing the vehicle and showing its parts.
   */
  action?: string;
}

/** `value` when the list has it (or has not loaded yet), else '' (a choice of another make, say). */
function inList<T extends string | number>(value: T | null, list: readonly T[] | undefined): T | null {
  if (value === null || value === '') return null;
  return list === undefined || list.includes(value) ? value : null;
}

/**
 * The vehicle selector (issue 15 §5): Make, then Model, then Year, then Variant, each list narrowed by the choice
 * before it and asked for only once that choice is made. Native selects, so the keyboard and screen readers work
 * as everywhere else; a model year with one variant chooses it. Choosing keeps the vehicle in the garage.
 *
 * It works from the first paint (issue 37 §1, decision 0055): it is a GET form whose fields are the address's
 * parameters, so before the scripts run (or without them) each "Next" asks the server for the page with the next
 * list filled, and the last step lands on the vehicle's parts; and a choice made before the app took the page
 * over is kept and acted on (`useKeptInput`).
 */
export function VehicleSelector({
  title = 'Shop by vehicle',
  submitLabel = 'Shop for this vehicle',
  onChosen,
  variant = 'hero',
  autoFocus = false,
  initial = NO_VEHICLE_CHOICE,
  action = '/',
}: VehicleSelectorProps) {
  const id = useId();
  const [make, setMake] = useState(initial.make);
  const [model, setModel] = useState(initial.model);
  const [year, setYear] = useState<number | null>(initial.year);
  const [variantId, setVariantId] = useState<number | null>(initial.vehicle_id);
  const choose = useChooseVehicle();

  // Each list is asked for with the choices before it that the lists have.
  const makes = useQuery(makesQueryOptions());
  const makeShown = inList(make, makes.data) ?? '';
  const models = useQuery(modelsQueryOptions(makeShown));
  const modelShown = makeShown ? (inList(model, models.data) ?? '') : '';
  const years = useQuery(yearsQueryOptions(makeShown, modelShown));
  const yearShown = modelShown ? inList(year, years.data) : null;
  const variantsQuery = useQuery(variantsQueryOptions(makeShown, modelShown, yearShown));
  const variants = yearShown === null ? undefined : variantsQuery.data;

  // One variant in that year: nothing left to ask.
  const picked = variants?.some((v) => v.id === variantId) ? variantId : null;
  const chosenId = picked ?? (variants?.length === 1 ? (variants[0]?.id ?? null) : null);
  const chosen = variants?.find((v) => v.id === chosenId);
  const failed = [makes, models, years, variantsQuery].find((q) => q.isError);

  const makeRef = useRef<HTMLSelectElement>(null);
  const modelRef = useRef<HTMLSelectElement>(null);
  const yearRef = useRef<HTMLSelectElement>(null);
  const variantRef = useRef<HTMLSelectElement>(null);
  const refs = [makeRef, modelRef, yearRef, variantRef];
  const rendered = [makeShown, modelShown, String(yearShown ?? ''), String(chosenId ?? '')];
  useKeptInput(refs, rendered, (values) => {
    // A list changed before the app ran leaves the lists after it stale (they were the old choice's).
    const changed = values.findIndex((value, i) => value !== rendered[i]);
    const kept = values.map((value, i) => (i <= changed ? value : ''));
    setMake(kept[0] ?? '');
    setModel(kept[1] ?? '');
    setYear(kept[2] ? Number(kept[2]) : null);
    setVariantId(kept[3] ? Number(kept[3]) : null);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || yearShown === null) {
      // 'Next': the first list still to choose from.
      refs.find((ref) => ref.current && !ref.current.disabled && ref.current.value === '')?.current?.focus();
      return;
    }
    const vehicle = chosenFromVariant(chosen, yearShown);
    choose(vehicle);
    onChosen?.(vehicle);
  }

  const field = (
    ref: typeof makeRef,
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
        ref={ref}
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
      method="get"
      action={action}
      onSubmit={submit}
    >
      <h2 id={`${id}-title`} className="vehicle-selector__title">
        {title}
      </h2>
      <div className="vehicle-selector__fields">
        {field(
          makeRef,
          VEHICLE_CHOICE_FIELDS.make,
          'Make',
          makeShown,
          !makes.data,
          makes.data ? 'Select make' : 'Loading makes…',
          makes.data?.map((m) => ({ value: m, text: m })),
          (value) => {
            setMake(value);
            setModel('');
            setYear(null);
            setVariantId(null);
          },
          autoFocus,
        )}
        {field(
          modelRef,
          VEHICLE_CHOICE_FIELDS.model,
          'Model',
          modelShown,
          makeShown === '' || !models.data,
          'Select model',
          models.data?.map((m) => ({ value: m, text: m })),
          (value) => {
            setModel(value);
            setYear(null);
            setVariantId(null);
          },
        )}
        {field(
          yearRef,
          VEHICLE_CHOICE_FIELDS.year,
          'Year',
          yearShown === null ? '' : String(yearShown),
          modelShown === '' || !years.data,
          'Select year',
          years.data?.map((y) => ({ value: String(y), text: String(y) })),
          (value) => {
            setYear(value === '' ? null : Number(value));
            setVariantId(null);
          },
        )}
        {field(
          variantRef,
          VEHICLE_CHOICE_FIELDS.vehicle,
          'Variant',
          chosenId === null ? '' : String(chosenId),
          yearShown === null || !variants,
          'Select variant',
          variants?.map((v) => ({ value: String(v.id), text: variantOptionText(v) })),
          (value) => setVariantId(value === '' ? null : Number(value)),
        )}
        {/* Never disabled: without scripts it is what asks for the next list (decision 0055). */}
        <button type="submit" className="button vehicle-selector__submit">
          {variants ? submitLabel : 'Next'}
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

/**
 * "Change" on the vehicle bar (issue 37 §1): the selector starting from the current vehicle, its four lists
 * chosen, so that switching the 2WD HiLux for the 4WD one is one list changed. Until that vehicle has loaded it
 * says so; if it cannot load, the selector starts empty.
 */
export function ChangeVehicleSelector({
  current,
  ...props
}: Omit<VehicleSelectorProps, 'initial'> & { current: Pick<ChosenVehicle, 'vehicle_id' | 'year'> }) {
  const vehicle = useQuery(vehicleQueryOptions(current.vehicle_id));
  if (vehicle.isPending) return <p className="vehicle-selector__loading">Loading your vehicle…</p>;
  const initial = vehicle.data
    ? {
        make: vehicle.data.make,
        model: vehicle.data.model,
        year: current.year,
        vehicle_id: current.vehicle_id,
      }
    : undefined;
  return <VehicleSelector key={`${current.vehicle_id}-${current.year}`} initial={initial} {...props} />;
}
