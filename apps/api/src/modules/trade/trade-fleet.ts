/**
 * A business's fleet (issue 39 §5): the vehicles in the garages of all its users, oldest first, each with who saved
 * it, so every buyer of a workshop or fleet shops for the same vehicles. Each user still owns their own garage
 * entries (garage-service.ts): the fleet is a read of them.
 */
import { asc, eq } from 'drizzle-orm';
import type { FleetVehicle } from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import { garageVehicles, tradeAccountUsers, users, vehicles } from '../../db/schema';
import { presentEntry } from '../garage/garage-service';

export async function listFleet(db: Database, accountId: number): Promise<FleetVehicle[]> {
  const rows = await db
    .select({ entry: garageVehicles, vehicle: vehicles, savedBy: users.name, userId: users.id })
    .from(tradeAccountUsers)
    .innerJoin(garageVehicles, eq(garageVehicles.userId, tradeAccountUsers.userId))
    .innerJoin(vehicles, eq(vehicles.id, garageVehicles.vehicleId))
    .innerJoin(users, eq(users.id, tradeAccountUsers.userId))
    .where(eq(tradeAccountUsers.tradeAccountId, accountId))
    .orderBy(asc(garageVehicles.createdAt), asc(garageVehicles.id));
  return rows.map((r) => ({
    ...presentEntry(r.entry, r.vehicle),
    saved_by: r.savedBy,
    saved_by_user_id: r.userId,
  }));
}
