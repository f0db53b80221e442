/**
 * The store a click & collect order is collected from, as the order pages, mails and tax invoice show it (issue 41
 * §6): name, address on one line and opening hours.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { locations } from '../../db/schema';
import { toStoreLocation } from '../locations/location-stock';
import { locationAddressText, locationHoursText } from './quote-delivery';

export interface CollectLocationText {
  id: number;
  name: string;
  /** "3 Example Rd, Guildford NSW 2161". */
  address: string;
  /** The opening hours summarised ("Mon-Fri 8 AM-6 PM, …"). */
  hours: string;
}

/** The location of `collectLocationId`, or null when the order is delivered (null id) or the location is gone. */
export async function collectLocationOf(
  db: Pick<Database, 'select'>,
  collectLocationId: number | null,
): Promise<CollectLocationText | null> {
  if (collectLocationId === null) return null;
  const [row] = await db.select().from(locations).where(eq(locations.id, collectLocationId)).limit(1);
  if (!row) return null;
  const l = toStoreLocation(row);
  return {
    id: l.id,
    name: l.name,
    address: locationAddressText(l),
    hours: locationHoursText(l),
  };
}
