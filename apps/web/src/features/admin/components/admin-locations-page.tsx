import { useState, type FormEvent } from 'react';
import type { AdminLocation, AdminLocationInput } from '@store/shared/admin-locations';
import type { PickListOrder } from '@store/shared/click-and-collect';
import {
  DEFAULT_OPENING_HOURS,
  openingHoursSummary,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type OpeningHours,
} from '@store/shared/opening-hours';
import { ApiError } from '@/lib/api-client';
import {
  useAdminLocations,
  useCollectionStep,
  usePickList,
  useSaveAdminLocation,
} from '../api/admin-locations';
import { AdminLoadState } from './admin-load-state';
import { useAdminTitle } from './use-admin-title';
import './admin-locations.css';

/**
 * /admin/locations (issue 41 §1-2, decision 0069): the store's locations (add, edit: address, hours, ships, hands
 * over, ready minutes, dispatch days, order, active) and a location's pick list with click & collect's steps
 * (ready for collection, collected by whom), "Uncollected since …" past the store's days.
 */
export function AdminLocationsPage() {
  useAdminTitle('Locations');
  const list = useAdminLocations();
  const [editing, setEditing] = useState<AdminLocation | 'new' | null>(null);
  const [picking, setPicking] = useState<number | null>(null);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Locations</h1>
      <AdminLoadState query={list} what="locations">
        {(locations) => (
          <>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption>{`Locations (${locations.length})`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Address</th>
                    <th scope="col">Does</th>
                    <th scope="col">Units</th>
                    <th scope="col">Active</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {locations.map((l) => (
                    <tr key={l.id}>
                      <th scope="row">{l.name}</th>
                      <td data-label="Address">
                        {[l.street_address, l.suburb, l.state, l.post_code].filter(Boolean).join(' ')}
                      </td>
                      <td data-label="Does">
                        {[l.ships && 'Ships', l.hands_over && 'Click & collect'].filter(Boolean).join(', ')}
                      </td>
                      <td data-label="Units">{l.units_on_hand}</td>
                      <td data-label="Active">{l.active ? 'Yes' : 'No'}</td>
                      <td>
                        <button
                          type="button"
                          className="button admin-button--secondary"
                          aria-label={`Edit ${l.name}`}
                          onClick={() => setEditing(l)}
                        >
                          Edit
                        </button>{' '}
                        <button
                          type="button"
                          className="button admin-button--secondary"
                          aria-label={`Pick list of ${l.name}`}
                          onClick={() => setPicking(l.id)}
                        >
                          Pick list
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="admin-locations__add">
              <button type="button" className="button" onClick={() => setEditing('new')}>
                Add a location
              </button>
            </p>
          </>
        )}
      </AdminLoadState>
      {editing !== null && (
        <LocationForm
          key={editing === 'new' ? 'new' : editing.id}
          location={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {picking !== null && <PickListSection locationId={picking} />}
    </section>
  );
}

const inputOf = (l: AdminLocation | null): AdminLocationInput => ({
  code: l?.code ?? '',
  name: l?.name ?? '',
  street_address: l?.street_address ?? '',
  suburb: l?.suburb ?? '',
  state: (l?.state ?? 'NSW') as AdminLocationInput['state'],
  post_code: l?.post_code ?? '',
  phone: l?.phone ?? '',
  opening_hours: l?.opening_hours ?? DEFAULT_OPENING_HOURS,
  ships: l?.ships ?? true,
  hands_over: l?.hands_over ?? false,
  ready_minutes: l?.ready_minutes ?? 60,
  dispatch_days_min: l?.dispatch_days_min ?? 0,
  dispatch_days_max: l?.dispatch_days_max ?? 1,
  sort_order: l?.sort_order ?? 0,
  active: l?.active ?? true,
});

const TEXT_FIELDS = [
  ['name', 'Name'],
  ['code', 'Code (lower-case, e.g. parramatta)'],
  ['street_address', 'Street address'],
  ['suburb', 'Suburb'],
  ['state', 'State'],
  ['post_code', 'Postcode'],
  ['phone', 'Phone'],
] as const;
const NUMBER_FIELDS = [
  ['ready_minutes', 'Ready for collection in (minutes)'],
  ['dispatch_days_min', 'Dispatch in at least (business days)'],
  ['dispatch_days_max', 'Dispatch in at most (business days)'],
  ['sort_order', 'Sort order (lowest first)'],
] as const;

function LocationForm({ location, onDone }: { location: AdminLocation | null; onDone: () => void }) {
  const [values, setValues] = useState<AdminLocationInput>(() => inputOf(location));
  const save = useSaveAdminLocation();
  const fieldErrors = save.error instanceof ApiError ? (save.error.fieldErrors ?? []) : [];
  const errorOf = (field: string) =>
    fieldErrors.find((e) => e.field === field || e.field.startsWith(`${field}.`));
  const set = <K extends keyof AdminLocationInput>(key: K, value: AdminLocationInput[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const hours = values.opening_hours as OpeningHours;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: location?.id ?? null, body: values }, { onSuccess: onDone });
  };
  const heading = location ? `Edit ${location.name}` : 'Add a location';
  return (
    <form className="admin-form" aria-label={heading} onSubmit={submit} noValidate>
      <h2>{heading}</h2>
      {TEXT_FIELDS.map(([key, label]) => {
        const error = errorOf(key);
        return (
          <div className="admin-field" key={key}>
            <label htmlFor={`location-${key}`}>{label}</label>
            <input
              id={`location-${key}`}
              className="admin-input"
              value={String(values[key] ?? '')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `location-${key}-message` : undefined}
              onChange={(e) => set(key, e.target.value as never)}
            />
            {error && (
              <p id={`location-${key}-message`} className="admin-field__error">
                {error.message}
              </p>
            )}
          </div>
        );
      })}
      {NUMBER_FIELDS.map(([key, label]) => {
        const error = errorOf(key);
        return (
          <div className="admin-field" key={key}>
            <label htmlFor={`location-${key}`}>{label}</label>
            <input
              id={`location-${key}`}
              className="admin-input"
              type="number"
              value={String(values[key] ?? '')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `location-${key}-message` : undefined}
              onChange={(e) => set(key, Number(e.target.value))}
            />
            {error && (
              <p id={`location-${key}-message`} className="admin-field__error">
                {error.message}
              </p>
            )}
          </div>
        );
      })}
      {(
        [
          ['ships', 'Ships orders'],
          ['hands_over', 'Hands orders over (click & collect)'],
          ['active', 'Active'],
        ] as const
      ).map(([key, label]) => (
        <div className="admin-field admin-field--check" key={key}>
          <label>
            <input
              type="checkbox"
              checked={Boolean(values[key])}
              onChange={(e) => set(key, e.target.checked)}
            />{' '}
            {label}
          </label>
          {errorOf(key) && <p className="admin-field__error">{errorOf(key)?.message}</p>}
        </div>
      ))}
      <fieldset>
        <legend>Opening hours</legend>
        {WEEKDAYS.map((day) => {
          const today = hours.days[day];
          const setDay = (next: typeof today) =>
            set('opening_hours', { ...hours, days: { ...hours.days, [day]: next } });
          return (
            <div className="admin-field" key={day}>
              <label>
                <input
                  type="checkbox"
                  checked={today !== null}
                  onChange={(e) => setDay(e.target.checked ? { open: '08:00', close: '17:00' } : null)}
                />{' '}
                {`Open ${WEEKDAY_NAMES[day]}`}
              </label>
              {today && (
                <>
                  {' '}
                  <input
                    aria-label={`${WEEKDAY_NAMES[day]} opens`}
                    type="time"
                    value={today.open}
                    onChange={(e) => setDay({ ...today, open: e.target.value })}
                  />{' '}
                  <input
                    aria-label={`${WEEKDAY_NAMES[day]} closes`}
                    type="time"
                    value={today.close}
                    onChange={(e) => setDay({ ...today, close: e.target.value })}
                  />
                </>
              )}
            </div>
          );
        })}
        <p className="admin-field__hint">{openingHoursSummary(hours)}</p>
      </fieldset>
      {save.error && (
        <p role="alert" className="admin-form__alert">
          {save.error.message}
        </p>
      )}
      <p>
        <button type="submit" className="button" disabled={save.isPending}>
          Save location
        </button>{' '}
        <button type="button" className="button admin-button--secondary" onClick={onDone}>
          Cancel
        </button>
      </p>
    </form>
  );
}

function PickListSection({ locationId }: { locationId: number }) {
  const pick = usePickList(locationId);
  const step = useCollectionStep();
  return (
    <section className="admin-pick-list" aria-labelledby="pick-list-title">
      <h2 id="pick-list-title">{pick.data ? `Pick list: ${pick.data.location}` : 'Pick list'}</h2>
      <p role="status">{step.data?.message ?? (step.error instanceof ApiError ? step.error.message : '')}</p>
      <AdminLoadState query={pick} what="pick list">
        {(list) => (
          <>
            <h3>To pick</h3>
            {list.to_pick.length === 0 ? (
              <p>Nothing to pick here.</p>
            ) : (
              <div className="admin-pick-list__orders">
                {list.to_pick.map((o) => (
                  <PickOrder key={o.public_id} order={o} step={step} />
                ))}
              </div>
            )}
            <h3>Waiting at the counter</h3>
            {list.awaiting_collection.length === 0 ? (
              <p>No order is waiting to be collected.</p>
            ) : (
              <div className="admin-pick-list__orders">
                {list.awaiting_collection.map((o) => (
                  <PickOrder key={o.public_id} order={o} step={step} />
                ))}
              </div>
            )}
          </>
        )}
      </AdminLoadState>
    </section>
  );
}

function PickOrder({ order, step }: { order: PickListOrder; step: ReturnType<typeof useCollectionStep> }) {
  const [by, setBy] = useState('');
  const collect = order.delivery_option === 'click_and_collect';
  return (
    <article className="admin-card admin-pick-order" aria-label={`Order ${order.invoice_number}`}>
      <h4>
        {`${order.invoice_number} · ${order.customer}`}
        {order.uncollected && <strong className="admin-flag">{` · ${order.uncollected}`}</strong>}
      </h4>
      <ul>
        {order.lines.map((l) => (
          <li key={l.sku}>
            {`${l.quantity} × ${l.sku} ${l.title} — from `}
            {l.from
              .map((f) => `${f.quantity} at ${f.location}${f.transfer_needed ? ' (transfer needed)' : ''}`)
              .join(', ') || 'untracked stock'}
          </li>
        ))}
      </ul>
      {collect && !order.ready_for_collection_at && (
        <button
          type="button"
          className="button"
          disabled={step.isPending}
          onClick={() => step.mutate({ publicId: order.public_id, kind: 'ready' })}
        >
          Ready for collection
        </button>
      )}
      {collect && order.ready_for_collection_at && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            step.mutate({ publicId: order.public_id, kind: 'collected', by });
          }}
        >
          <label htmlFor={`collected-by-${order.public_id}`}>Collected by (name)</label>{' '}
          <input
            id={`collected-by-${order.public_id}`}
            className="admin-input"
            maxLength={80}
            value={by}
            onChange={(e) => setBy(e.target.value)}
          />{' '}
          <button type="submit" className="button" disabled={step.isPending}>
            Collected
          </button>
        </form>
      )}
    </article>
  );
}
