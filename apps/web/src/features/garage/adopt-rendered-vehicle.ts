/**
 * The vehicle a server-rendered page was rendered for (its `vehicle` cookie, decision 0034), made this browser's
 * current vehicle when it is not already (issue 37 §1, decision 0055). The cookie mirrors what the app chose,
 * except after a choice made before the app ran or without scripts: the server set it then, and the app must
 * shop for that vehicle rather than write its older one back over it. The same vehicle under an older label
 * takes the store's label as it is now.
 */
import { chooseVehicle, currentVehicle, type ChosenVehicle } from '@/stores/garage-store';
import { getSessionToken } from '@/stores/session-store';
import { addToGarage } from './api/garage-api';

export function adoptRenderedVehicle(rendered: ChosenVehicle): void {
  const current = currentVehicle();
  const same = current?.vehicle_id === rendered.vehicle_id && current.year === rendered.year;
  if (same && current.label === rendered.label && current.short_label === rendered.short_label) return;
  const member = getSessionToken() !== null;
  chooseVehicle({ ...rendered, name: same ? current.name : rendered.name }, { save: !member });
  // A member's choice joins their garage as one made in the app does (a failure leaves it chosen).
  if (member && !same)
    addToGarage({ vehicle_id: rendered.vehicle_id, year: rendered.year, name: null }).catch(() => undefined);
}
