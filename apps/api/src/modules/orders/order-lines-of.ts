/**
 * An order's line items in the order they were placed, as one statement built once per database handle (decision
 * 0096): every order mail reads them, the customer's and the store's. `orderLinesOf(db).execute({ orderId })`
 * answers the rows (empty for an unknown order); throws the database's errors.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared-statement';
import { orderLineItems } from '../../db/schema';

export const orderLinesOf = preparedStatement((db) =>
  db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderLineItems.id)),
);
