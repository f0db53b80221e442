import type { QueryClient } from '@tanstack/react-query';
import { forgetSavedVehicles, savedVehicles } from '@/stores/garage-store';
import { GARAGE_QUERY_KEY, mergeGarage } from './api/garage-api';

/**
 * Right after sign-in (issue 15 §5): a guest's saved vehicles join the member's garage (the server keeps one of
 * each vehicle and year, at most 10), then this browser forgets its copy. When the call fails they stay here, to
 * be merged at the next sign-in; the sign-in itself never waits on it.
 */
export async function mergeGuestGarage(queryClient: QueryClient): Promise<void> {
  const saved = savedVehicles();
  if (saved.length === 0) return;
  try {
    const garage = await mergeGarage(
      saved.map((v) => ({ vehicle_id: v.vehicle_id, year: v.year, name: v.name })),
    );
    forgetSavedVehicles();
    queryClient.setQueryData(GARAGE_QUERY_KEY, garage);
  } catch {
    // Kept in this browser for the next sign-in.
  }
}
