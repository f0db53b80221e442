import type { GarageVehicle } from '@store/shared/garage';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import {
  chooseVehicle,
  clearVehicle,
  MAX_SAVED_VEHICLES,
  removeSavedVehicle,
  renameSavedVehicle,
  useCurrentVehicle,
  useSavedVehicles,
  type ChosenVehicle,
} from '@/stores/garage-store';
import { useSession } from '@/stores/session-store';
import {
  GARAGE_QUERY_KEY,
  removeGarageVehicle,
  renameGarageVehicle,
  useMemberGarage,
} from '../api/garage-api';
import { chosenFromGarage } from '../chosen-vehicle';
import { BusinessFleet } from './business-fleet';
import { VehicleSelector } from './vehicle-selector';
import './my-garage-page.css';

/** Longest name a shopper may give a vehicle (the API's GARAGE_NAME_MAX_LENGTH). */
const NAME_MAX_LENGTH = 40;

/** One saved vehicle, with what can be done to it; `entryId` for a member's (server) entry. */
interface GarageRow {
  vehicle: ChosenVehicle;
  entryId?: number;
}

function RenameForm({
  row,
  onSave,
  onCancel,
}: {
  row: GarageRow;
  onSave: (name: string | null) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(row.vehicle.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim().length > NAME_MAX_LENGTH) {
      setError(`Name must be ${NAME_MAX_LENGTH} characters or fewer`);
      return;
    }
    setSaving(true);
    try {
      await onSave(name.trim() === '' ? null : name.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not rename the vehicle. Please try again.');
      setSaving(false);
    }
  }
  return (
    <form className="my-garage__rename" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>Name for your {row.vehicle.short_label}</label>
      <input
        id={id}
        value={name}
        maxLength={NAME_MAX_LENGTH + 10}
        placeholder="e.g. Work ute"
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="my-garage__error" role="alert">
          {error}
        </p>
      )}
      <div className="my-garage__actions">
        <button type="submit" className="button" disabled={saving}>
          Save name
        </button>
        <button type="button" className="my-garage__text-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * /my-garage (issue 15 §5): up to 10 saved vehicles, to add (the selector), rename ("Work ute"), remove, and
 * choose as the one the store shops for. A member's are kept on the server, a guest's in this browser (signing
 * in keeps them in the account).
 */
export function MyGaragePage() {
  usePageTitle('My Garage');
  const session = useSession();
  const member = session !== null;
  const garage = useMemberGarage(member);
  const guestSaved = useSavedVehicles();
  const current = useCurrentVehicle();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const rows: GarageRow[] = member
    ? (garage.data ?? []).map((e: GarageVehicle) => ({ vehicle: chosenFromGarage(e), entryId: e.id }))
    : guestSaved.map((vehicle) => ({ vehicle }));
  const full = rows.length >= MAX_SAVED_VEHICLES;
  const keyOf = (v: ChosenVehicle) => `${v.vehicle_id}-${v.year}`;
  const isCurrent = (v: ChosenVehicle) => current?.vehicle_id === v.vehicle_id && current.year === v.year;
  const refresh = () => queryClient.invalidateQueries({ queryKey: GARAGE_QUERY_KEY });

  async function rename(row: GarageRow, name: string | null) {
    if (row.entryId !== undefined) {
      await renameGarageVehicle(row.entryId, name);
      await refresh();
    } else renameSavedVehicle(row.vehicle, name);
    if (isCurrent(row.vehicle)) chooseVehicle({ ...row.vehicle, name });
    setRenaming(null);
  }

  async function remove(row: GarageRow) {
    setProblem(null);
    try {
      if (row.entryId !== undefined) {
        await removeGarageVehicle(row.entryId);
        await refresh();
        if (isCurrent(row.vehicle)) clearVehicle();
      } else removeSavedVehicle(row.vehicle);
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : 'Could not remove the vehicle. Please try again.');
    }
  }

  return (
    <div className="container page my-garage">
      <h1>My Garage</h1>
      <p className="my-garage__lead">
        Save up to {MAX_SAVED_VEHICLES} vehicles and choose the one you are shopping for: the shop then shows
        the parts that fit it.{' '}
        {member ? (
          'Your garage is kept in your account.'
        ) : (
          <>
            Your garage is kept in this browser. <Link to="/signin">Sign in</Link> to keep it in your account.
          </>
        )}
      </p>

      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}

      {member && garage.isPending ? (
        <p role="status">Loading your garage…</p>
      ) : member && garage.isError ? (
        <div className="notice notice--error" role="alert">
          <p>Could not load your garage.</p>
          <button type="button" className="button" onClick={() => void garage.refetch()}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p className="notice">Your garage is empty. Add your vehicle below.</p>
      ) : (
        <ul className="my-garage__list" aria-label="Saved vehicles">
          {rows.map((row) => {
            const key = keyOf(row.vehicle);
            const currentOne = isCurrent(row.vehicle);
            return (
              <li key={key} className={currentOne ? 'my-garage__item is-current' : 'my-garage__item'}>
                <div className="my-garage__vehicle">
                  {row.vehicle.name && <strong className="my-garage__name">{row.vehicle.name}</strong>}
                  <span className="my-garage__label">{row.vehicle.label}</span>
                  {currentOne && <span className="my-garage__current">Shopping for this vehicle</span>}
                </div>
                {renaming === key ? (
                  <RenameForm
                    row={row}
                    onSave={(name) => rename(row, name)}
                    onCancel={() => setRenaming(null)}
                  />
                ) : (
                  <div className="my-garage__actions">
                    {!currentOne && (
                      <button type="button" className="button" onClick={() => chooseVehicle(row.vehicle)}>
                        Shop for this vehicle<span className="visually-hidden">: {row.vehicle.label}</span>
                      </button>
                    )}
                    {currentOne && (
                      <Link className="button" to="/shop">
                        Shop parts that fit
                      </Link>
                    )}
                    <button type="button" className="my-garage__text-button" onClick={() => setRenaming(key)}>
                      Rename<span className="visually-hidden"> {row.vehicle.label}</span>
                    </button>
                    <button type="button" className="my-garage__text-button" onClick={() => void remove(row)}>
                      Remove<span className="visually-hidden"> {row.vehicle.label}</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {full ? (
        <p className="notice">
          Your garage holds up to {MAX_SAVED_VEHICLES} vehicles; remove one to add another.
        </p>
      ) : (
        <VehicleSelector title="Add a vehicle" submitLabel="Add to my garage" />
      )}
      {member && <BusinessFleet />}
    </div>
  );
}
