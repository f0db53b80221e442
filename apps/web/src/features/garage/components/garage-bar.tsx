import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { clearVehicle, useCurrentVehicle, useSavedVehicles, type ChosenVehicle } from '@/stores/garage-store';
import { useSession } from '@/stores/session-store';
import { useMemberGarage } from '../api/garage-api';
import { chosenFromGarage } from '../chosen-vehicle';
import { useChooseVehicle } from '../hooks/use-choose-vehicle';
import { CarIcon, VehicleChip } from './vehicle-chip';
import './garage-bar.css';

// The selector's lists load when a shopper opens it, not with every page.
const VehicleSelector = lazy(() =>
  import('./vehicle-selector').then((m) => ({ default: m.VehicleSelector })),
);
const ChangeVehicleSelector = lazy(() =>
  import('./vehicle-selector').then((m) => ({ default: m.ChangeVehicleSelector })),
);

/** The saved vehicles to switch to in one tap: the member's garage, or a guest's. */
function SavedVehicles({ onChosen }: { onChosen: () => void }) {
  const session = useSession();
  const guestSaved = useSavedVehicles();
  const garage = useMemberGarage(session !== null);
  const choose = useChooseVehicle();
  const current = useCurrentVehicle();
  const saved: ChosenVehicle[] = session ? (garage.data ?? []).map(chosenFromGarage) : guestSaved;
  const others = saved.filter(
    (v) => !(current && v.vehicle_id === current.vehicle_id && v.year === current.year),
  );
  if (others.length === 0) return null;
  return (
    <div className="garage-bar__saved">
      <h2 className="garage-bar__saved-title">Your garage</h2>
      <ul>
        {others.map((v) => (
          <li key={`${v.vehicle_id}-${v.year}`}>
            <button
              type="button"
              className="garage-bar__saved-choice"
              onClick={() => {
                choose(v);
                onChosen();
              }}
            >
              {v.name ? `${v.name}: ` : ''}
              {v.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The header's vehicle bar on every page (issue 15 §5): the chosen vehicle's chip with Change and Clear, or
 * "Select your vehicle", which opens the selector (and the saved vehicles) under it; and a link to My Garage.
 */
export function GarageBar() {
  const vehicle = useCurrentVehicle();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = () => setOpen(false);

  return (
    <div className="garage-bar">
      <div className="container garage-bar__inner">
        {vehicle ? (
          <VehicleChip
            vehicle={vehicle}
            expanded={open}
            controls={panelId}
            onChange={() => setOpen((was) => !was)}
            onClear={() => {
              clearVehicle();
              close();
            }}
          />
        ) : (
          <button
            type="button"
            className="garage-bar__select"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
          >
            <CarIcon />
            Select your vehicle
          </button>
        )}
        <Link
          to="/my-garage"
          className={vehicle ? 'garage-bar__link garage-bar__link--beside-chip' : 'garage-bar__link'}
        >
          My Garage
        </Link>
      </div>
      <div id={panelId} className="garage-bar__panel" hidden={!open}>
        {open && (
          <div className="container garage-bar__panel-inner">
            <Suspense fallback={<p className="garage-bar__loading">Loading the vehicle list…</p>}>
              {vehicle ? (
                <ChangeVehicleSelector
                  current={vehicle}
                  variant="compact"
                  title="Choose another vehicle"
                  autoFocus
                  onChosen={close}
                />
              ) : (
                <VehicleSelector variant="compact" title="Select your vehicle" autoFocus onChosen={close} />
              )}
            </Suspense>
            <SavedVehicles onChosen={close} />
            <div className="garage-bar__panel-links">
              <Link to="/my-garage" onClick={close}>
                Manage My Garage
              </Link>
              <button type="button" className="garage-bar__close" onClick={close}>
                Close
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
