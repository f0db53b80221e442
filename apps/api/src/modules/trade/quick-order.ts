/**
 * Quick order (issue 39 §5): pasted "SKU-or-part-number quantity" lines resolved to the products they name. A SKU
 * (any case, any punctuation: `bp-1234` = `BP1234`) wins over a part number; a part number carried by several
 * products is not guessed — the line says so and asks for the SKU. Lines are split by the shared parser
 * (`parseQuickOrderText`) the page previews with. Archived products are not sold.
 */
import { and, isNull, sql } from 'drizzle-orm';
import { normalizePartNumber, splitPartNumbers } from '@store/shared/part-number';
import {
  parseQuickOrderText,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderLine,
} from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';

const keyOf = (column: unknown) => sql`regexp_replace(upper(${column}), '[^A-Z0-9]', '', 'g')`;

/** Resolves each pasted line. Throws HttpError 400 for more than QUICK_ORDER_MAX_LINES lines. */
export async function resolveQuickOrder(db: Database, text: string): Promise<QuickOrderLine[]> {
  const lines = parseQuickOrderText(text);
  if (lines.length > QUICK_ORDER_MAX_LINES)
    throw new HttpError(
      400,
      `Paste at most ${QUICK_ORDER_MAX_LINES} lines at a time (this has ${lines.length})`,
    );
  const keys = [...new Set(lines.map((l) => normalizePartNumber(l.code)).filter((k) => k !== ''))];
  const keyList = sql`(${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )})`;
  const rows =
    keys.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            sku: products.sku,
            title: products.title,
            partNumbers: products.partNumbers,
          })
          .from(products)
          .where(
            and(
              isNull(products.archivedAt),
              sql`(${keyOf(products.sku)} IN ${keyList} OR (${products.partNumbers} IS NOT NULL AND EXISTS (
                SELECT 1 FROM unnest(string_to_array(${products.partNumbers}, ',')) AS pn(v) WHERE ${keyOf(sql`pn.v`)} IN ${keyList})))`,
            ),
          );
  const bySku = new Map<string, (typeof rows)[number]>();
  const byPart = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) {
    bySku.set(normalizePartNumber(r.sku), r);
    for (const pn of splitPartNumbers(r.partNumbers)) {
      const k = normalizePartNumber(pn);
      byPart.set(k, [...(byPart.get(k) ?? []).filter((x) => x.id !== r.id), r]);
    }
  }
  return lines.map((l) => {
    const base = { line: l.line, code: l.code, quantity: l.quantity };
    const none = { product_id: null, sku: null, title: null };
    if (l.problem) return { ...base, ...none, problem: l.problem };
    const key = normalizePartNumber(l.code);
    const found = bySku.get(key) ?? (byPart.get(key)?.length === 1 ? byPart.get(key)![0] : undefined);
    if (found) return { ...base, product_id: found.id, sku: found.sku, title: found.title, problem: null };
    const many = byPart.get(key)?.length ?? 0;
    return {
      ...base,
      ...none,
      problem:
        many > 1
          ? `Line ${l.line}: "${l.code}" is the part number of ${many} products — type the SKU of the one you want`
          : `Line ${l.line}: no product has the SKU or part number "${l.code}"`,
    };
  });
}
