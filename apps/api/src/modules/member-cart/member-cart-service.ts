/**
 * A member's cart kept with the account (issue 37 §5, decision 0060). Every read and write is for the session's
 * member only (DESIGN §5.4). A save locks the member's cart row and compares versions before it writes
 * (decision 0041: check then act under the lock), so of two saves built on the same version one is stored and
 * the other answers 409 with the stored cart, which the browser merges line by line and saves again.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MemberCart, MemberCartSave } from '@store/shared/member-cart';
import { sameCart, type CartQuantity } from '@store/shared/member-cart-lines';
import type { Database } from '../../db/client';
import { memberCartLines, memberCarts, products } from '../../db/schema';
import { getProductsByIds } from '../catalog/catalog-service';
import { withTradePrices } from '../trade/trade-prices';

/** A save built on an older version: thrown to roll its transaction back. */
class StaleSave extends Error {
  override name = 'StaleSave';
}

/** The stored lines in order, as quantities (archived products included: they are still stored). */
async function storedLines(db: Database, userId: number): Promise<CartQuantity[]> {
  const rows = await db
    .select({ id: memberCartLines.productId, quantity: memberCartLines.quantity })
    .from(memberCartLines)
    .where(eq(memberCartLines.userId, userId))
    .orderBy(asc(memberCartLines.position));
  return rows;
}

/**
 * The member's cart: its version (0 before the first save) and its lines whose product is still sold, each
 * with the product as the catalog answers it now (prices of today, like `/api/cart-products`).
 */
export async function readMemberCart(db: Database, userId: number): Promise<MemberCart> {
  const [cart] = await db
    .select({ version: memberCarts.version })
    .from(memberCarts)
    .where(eq(memberCarts.userId, userId));
  const lines = await storedLines(db, userId);
  // Priced as the member buys (issue 39: a trade customer's lines carry their trade price).
  const sold = new Map(
    (
      await withTradePrices(
        db,
        await getProductsByIds(
          db,
          lines.map((l) => l.id),
        ),
        userId,
      )
    ).map((p) => [p.id, p]),
  );
  return {
    version: cart?.version ?? 0,
    lines: lines.flatMap((l) => {
      const product = sold.get(l.id);
      return product ? [{ quantity: l.quantity, product }] : [];
    }),
  };
}

/**
 * Replaces the member's lines with `save.lines` when `save.version` is the stored version, keeping only products
 * still sold (others are left out, as the browser's cart drops them). A save that changes nothing keeps the
 * version. Answers the stored cart, and `saved: false` when the version was older (nothing written: 409).
 */
export async function saveMemberCart(
  db: Database,
  userId: number,
  save: MemberCartSave,
): Promise<{ saved: boolean; cart: MemberCart }> {
  const saved = await db
    .transaction(async (tx) => {
      await tx.insert(memberCarts).values({ userId }).onConflictDoNothing();
      // The lock is taken before the version is compared: two saves at once are decided one after the other.
      const [row] = await tx
        .select({ version: memberCarts.version })
        .from(memberCarts)
        .where(eq(memberCarts.userId, userId))
        .for('update');
      // Refused: rolled back whole, so the cart row made for this save is not kept either (a 4xx writes nothing).
      if (!row || row.version !== save.version) throw new StaleSave();
      const ids = save.lines.map((l) => l.id);
      const sold =
        ids.length === 0
          ? new Set<number>()
          : new Set(
              (
                await tx
                  .select({ id: products.id })
                  .from(products)
                  .where(and(inArray(products.id, ids), isNull(products.archivedAt)))
              ).map((p) => p.id),
            );
      const next = save.lines.filter((l) => sold.has(l.id));
      if (sameCart(next, await storedLines(tx, userId))) return true;
      await tx.delete(memberCartLines).where(eq(memberCartLines.userId, userId));
      if (next.length > 0) {
        await tx
          .insert(memberCartLines)
          .values(next.map((l, position) => ({ userId, productId: l.id, quantity: l.quantity, position })));
      }
      await tx
        .update(memberCarts)
        .set({ version: sql`${memberCarts.version} + 1`, updatedAt: new Date() })
        .where(eq(memberCarts.userId, userId));
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof StaleSave) return false;
      throw error;
    });
  return { saved, cart: await readMemberCart(db, userId) };
}
