/**
 * The business's fleet on My Garage (issue 39 §5): for a member of a trade account, the vehicles the business's
 * other users keep in their garages (`GET /api/trade/fleet`), each with who saved it, to shop for in one click.
 * The member's own vehicles are in their garage above; nothing here can be renamed or removed (each user keeps
 * their own).
 */
import type { FleetVehicle } from '@store/shared/trade-accounts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { apiRequest, served } from '@/lib/api-client';
import { useTradeAccount } from '@/lib/api/get-trade-account';
import { chooseVehicle, useCurrentVehicle } from '@/stores/garage-store';
import { useSession } from '@/stores/session-store';
import { chosenFromGarage } from '../chosen-vehicle';

/** `GET /api/trade/fleet` (bearer): the vehicles of every user of the member's business. */
async function getFleet(signal?: AbortSignal): Promise<FleetVehicle[]> {
  return (await apiRequest('/trade/fleet', served<{ data: FleetVehicle[] }>(), { member: true, signal }))
    .data;
}

export function BusinessFleet() {
  const session = useSession();
  const account = useTradeAccount().data;
  const titleId = useId();
  const current = useCurrentVehicle();
  const fleet = useQuery({
    queryKey: ['account', 'trade', 'fleet', session?.user.id ?? 0],
    queryFn: ({ signal }) => getFleet(signal),
    enabled: Boolean(account),
  });
  if (!account || !session) return null;
  const others = (fleet.data ?? []).filter((v) => v.saved_by_user_id !== session.user.id);
  return (
    <section className="my-garage__fleet" aria-labelledby={titleId}>
      <h2 id={titleId}>{account.business_name}&rsquo;s fleet</h2>
      {fleet.isPending ? (
        <p role="status">Loading the fleet…</p>
      ) : others.length === 0 ? (
        <p className="notice">
          The vehicles your colleagues save in their garages show here, so everyone shops for the same fleet.
        </p>
      ) : (
        <ul className="my-garage__list" aria-label={`${account.business_name}'s fleet`}>
          {others.map((v) => {
            const chosen = chosenFromGarage(v);
            const isCurrent = current?.vehicle_id === chosen.vehicle_id && current.year === chosen.year;
            return (
              <li key={v.id} className={isCurrent ? 'my-garage__item is-current' : 'my-garage__item'}>
                <div className="my-garage__vehicle">
                  {v.name && <strong className="my-garage__name">{v.name}</strong>}
                  <span className="my-garage__label">{v.label}</span>
                  <span className="my-garage__saved-by">Saved by {v.saved_by}</span>
                </div>
                <div className="my-garage__actions">
                  {isCurrent ? (
                    <Link className="button" to="/shop">
                      Shop parts that fit
                    </Link>
                  ) : (
                    <button type="button" className="button" onClick={() => chooseVehicle(chosen)}>
                      Shop for this vehicle<span className="visually-hidden">: {v.label}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
