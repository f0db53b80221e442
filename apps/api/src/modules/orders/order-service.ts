/**
 * Order reads (SPEC §7 guest/track-order, orders-detail): by public id only, never by the serial id or
 * the invoice number (DESIGN §5.3).
 */
import { asc, eq } from 'drizzle-orm';
import type { OrderDetail } from '@store/shared/order';
import type { Database } from '../../db/client';
import { orderLineItems, orders } from '../../db/schema';
import { presentOrderDetail } from './order-presenter';

/** Public ids are letters and digits (generatePublicOrderId); anything else cannot match one. */
const PUBLIC_ID_SHAPE = /^[A-Za-z0-9]{16,64}$/;

/**
 * The order with this public id (exact, case-sensitive), or null. Customer details (name, email, phone) are
 * filled only for the signed-in member who placed it (`viewerUserId`, SPEC §2: "only when signed in").
 */
export async function findOrderByPublicId(
  db: Database,
  publicId: string,
  viewerUserId: number | null = null,
): Promise<OrderDetail | null> {
  if (!PUBLIC_ID_SHAPE.test(publicId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
  if (!order) return null;
  const items = await db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.id));
  const detail = presentOrderDetail(order, items);
  if (viewerUserId !== null && order.userId !== 0 && order.userId === viewerUserId) {
    return { ...detail, f_name: order.fName, l_name: order.lName, email: order.email, phone: order.phone };
  }
  return detail;
}
