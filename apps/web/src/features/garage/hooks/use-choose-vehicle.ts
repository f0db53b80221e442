import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chooseVehicle, type ChosenVehicle } from '@/stores/garage-store';
import { getSessionToken } from '@/stores/session-store';
import { addToGarage, GARAGE_QUERY_KEY } from '../api/garage-api';

/**
 * Shops for a vehicle from now on (issue 15 §5) and keeps it in the garage: a guest's in this browser (while
 * there is room for it), a member's on the server. A member's garage call failing (full, offline) leaves the
 * vehicle chosen: the shopper still shops for it.
 */
export function useChooseVehicle(): (vehicle: ChosenVehicle) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (vehicle: ChosenVehicle) => {
      const member = getSessionToken() !== null;
      chooseVehicle(vehicle, { save: !member });
      if (member) {
        addToGarage({ vehicle_id: vehicle.vehicle_id, year: vehicle.year, name: vehicle.name })
          .then(() => queryClient.invalidateQueries({ queryKey: GARAGE_QUERY_KEY }))
          .catch(() => undefined);
      }
    },
    [queryClient],
  );
}
