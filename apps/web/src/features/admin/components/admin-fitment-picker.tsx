/**
 * The product editor's fitment rows (issue 36 §1, decision 0030): a make → model → year → variant picker over the
 * storefront's vehicle lists (`lib/api/vehicle-options`), a position and a note, added as one row per vehicle;
 * the rows the product has, each with its note and a Remove button; and the universal-fit flag.
 */
import {
  FITMENT_NOTES_MAX,
  FITMENT_POSITION_MAX,
  type ProductEditorForm,
} from '@store/shared/admin-product-editor';
import { useState } from 'react';
import { useVehicleOptions } from '@/lib/api/vehicle-options';

type Row = ProductEditorForm['fitments'][number];

export interface AdminFitmentPickerProps {
  rows: Row[];
  universal: boolean;
  errors: Record<string, string>;
  onRows: (rows: Row[]) => void;
  onUniversal: (universal: boolean) => void;
}

export function AdminFitmentPicker({
  rows,
  universal,
  errors,
  onRows,
  onUniversal,
}: AdminFitmentPickerProps) {
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [year, setYear] = useState<number | null>(null);
  const [variant, setVariant] = useState('');
  const [position, setPosition] = useState('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState('');
  const options = useVehicleOptions(make, model, year);
  const variants = options.variants.data ?? [];

  function add() {
    const vehicle = variants.find((v) => String(v.id) === variant);
    if (!vehicle) {
      setProblem('Choose a make, model, year and variant first.');
      return;
    }
    if (
      rows.some(
        (r) =>
          r.vehicle_id === vehicle.id && r.position.trim().toLowerCase() === position.trim().toLowerCase(),
      )
    ) {
      setProblem('This vehicle and position are already in the list.');
      return;
    }
    setProblem('');
    onRows([
      ...rows,
      { vehicle_id: vehicle.id, label: vehicle.label, position: position.trim(), notes: notes.trim() },
    ]);
    setVariant('');
    setPosition('');
    setNotes('');
  }

  return (
    <>
      <div className="admin-product-check">
        <input
          id="admin-universal_fit"
          type="checkbox"
          checked={universal}
          aria-invalid={Boolean(errors.universal_fit)}
          aria-describedby={errors.universal_fit ? 'admin-universal_fit-message' : undefined}
          onChange={(e) => onUniversal(e.target.checked)}
        />
        <label htmlFor="admin-universal_fit">Universal fit (fits every vehicle)</label>
      </div>
      {errors.universal_fit && (
        <p id="admin-universal_fit-message" className="admin-field__message">
          {errors.universal_fit}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="admin-product-none">No fitment rows yet.</p>
      ) : (
        <ul className="admin-fitment-rows" aria-label="Vehicles this part fits">
          {rows.map((r, i) => (
            <li key={`${r.vehicle_id}|${r.position}`} className="admin-fitment-row">
              <div>
                <strong>{r.label}</strong>
                {r.position && <span> · {r.position}</span>}
                {r.notes && <span> · {r.notes}</span>}
                {errors[`fitments.${i}`] && (
                  <p className="admin-field__message" role="alert">
                    {errors[`fitments.${i}`]}
                  </p>
                )}
              </div>
              <button
                type="button"
                className="admin-import-link"
                onClick={() => onRows(rows.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> {r.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="admin-fitment-picker">
        <legend>Add a vehicle</legend>
        <div className="admin-product-grid">
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-fit-make">
              Make
            </label>
            <select
              id="admin-fit-make"
              className="admin-input"
              value={make}
              onChange={(e) => {
                setMake(e.target.value);
                setModel('');
                setYear(null);
                setVariant('');
              }}
            >
              <option value="">Choose a make</option>
              {(options.makes.data ?? []).map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-fit-model">
              Model
            </label>
            <select
              id="admin-fit-model"
              className="admin-input"
              value={model}
              disabled={make === ''}
              onChange={(e) => {
                setModel(e.target.value);
                setYear(null);
                setVariant('');
              }}
            >
              <option value="">Choose a model</option>
              {(options.models.data ?? []).map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-fit-year">
              Year
            </label>
            <select
              id="admin-fit-year"
              className="admin-input"
              value={year ?? ''}
              disabled={model === ''}
              onChange={(e) => {
                setYear(e.target.value === '' ? null : Number(e.target.value));
                setVariant('');
              }}
            >
              <option value="">Choose a year</option>
              {(options.years.data ?? []).map((y) => (
                <option key={y}>{y}</option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-fit-variant">
              Variant
            </label>
            <select
              id="admin-fit-variant"
              className="admin-input"
              value={variant}
              disabled={year === null}
              onChange={(e) => setVariant(e.target.value)}
            >
              <option value="">Choose a variant</option>
              {variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-fit-position">
              Position <span className="admin-field__optional">(optional)</span>
            </label>
            <input
              id="admin-fit-position"
              className="admin-input"
              value={position}
              maxLength={FITMENT_POSITION_MAX}
              placeholder="Front, Rear…"
              onChange={(e) => setPosition(e.target.value)}
            />
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-fit-notes">
              Note <span className="admin-field__optional">(optional)</span>
            </label>
            <input
              id="admin-fit-notes"
              className="admin-input"
              value={notes}
              maxLength={FITMENT_NOTES_MAX}
              placeholder="with ABS"
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
        </div>
        {problem && (
          <p className="admin-field__message" role="alert">
            {problem}
          </p>
        )}
        <button type="button" className="button admin-button--secondary" onClick={add}>
          Add fitment
        </button>
      </fieldset>
    </>
  );
}
