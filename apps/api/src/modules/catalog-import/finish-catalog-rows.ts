/**
 * The checks every catalog format shares once its rows are built: the CatalogRow schema, SKUs unique within the
 * file (case-insensitive, as the products table enforces), and permalinks made unique.
 */
import { showInvisible } from '@store/shared/control-characters';
import { slugify } from '@store/shared/slug';
import type { ProductFields } from './catalog-format';
import { catalogRowSchema, type CatalogRow, type CatalogRowField, type Rejection } from './catalog-row';

/** A built row, not yet checked: its line, its fields, and for each field the file's column it came from. */
export interface RowDraft {
  line: number;
  fields: ProductFields;
  columns: Partial<Record<CatalogRowField, string>>;
}

/**
 * Validates each draft with `catalogRowSchema` (an issue becomes a Rejection on the field's column), rejects a
 * SKU already used on an earlier line (naming both lines; checked across all drafts, valid or not), and gives a
 * permalink already taken by an earlier row `<permalink>-<sku slug>` with a warning. Returns the accepted rows
 * in input order.
 */
export function finishCatalogRows(
  drafts: readonly RowDraft[],
  out: { rejections: Rejection[]; warnings: string[] },
): CatalogRow[] {
  const checker = createCatalogRowChecker(out);
  for (const draft of drafts) checker.add(draft);
  return checker.finish();
}

/**
 * `finishCatalogRows` one draft at a time: `add` checks a draft (rejections go to `out` at once), `finish` settles
 * permalinks (warnings) and returns the accepted rows in the order they were added.
 */
export function createCatalogRowChecker(out: { rejections: Rejection[]; warnings: string[] }): {
  add(draft: RowDraft): void;
  finish(): CatalogRow[];
} {
  const firstLineOfSku = new Map<string, number>();
  const accepted: CatalogRow[] = [];
  return {
    add({ line, fields, columns }) {
      const columnOf = (field: string) => columns[field as CatalogRowField] ?? field;
      let ok = true;
      const parsed = catalogRowSchema.safeParse(fields);
      if (!parsed.success) {
        ok = false;
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          out.rejections.push({
            line,
            column: columnOf(field),
            reason: describeIssue(field, fields, issue.message),
          });
        }
      }
      const sku = typeof fields.sku === 'string' ? fields.sku : '';
      const key = sku.trim().toLowerCase();
      if (key !== '') {
        const earlier = firstLineOfSku.get(key);
        if (earlier !== undefined) {
          ok = false;
          out.rejections.push({
            line,
            column: columnOf('sku'),
            reason: `SKU "${sku}" is already used on line ${earlier}; each product needs its own SKU`,
          });
        } else {
          firstLineOfSku.set(key, line);
        }
      }
      if (ok && parsed.success) accepted.push(parsed.data);
    },
    finish() {
      const permalinkOwner = new Map<string, number>();
      for (const row of accepted) {
        const wanted = row.permalink;
        let candidate = wanted;
        for (let n = 2; permalinkOwner.has(candidate); n++) {
          const base = `${wanted}-${slugify(row.sku)}`.replace(/-+$/, '');
          candidate = n === 2 ? base : `${base}-${n}`;
        }
        if (candidate !== wanted) {
          out.warnings.push(
            `line ${row.line}: permalink "${wanted}" is already used by line ${permalinkOwner.get(wanted)}; using "${candidate}"`,
          );
          row.permalink = candidate;
        }
        permalinkOwner.set(candidate, row.line);
      }
      return accepted;
    },
  };
}

/** Zod's messages for numeric bounds are generic; say which value was wrong. */
function describeIssue(field: string, fields: ProductFields, message: string): string {
  const source: Readonly<Record<string, unknown>> = fields;
  const value = source[field];
  if (field === 'stock' && typeof value === 'number') return `${value} is not a stock level of 0 or more`;
  if (typeof value === 'string' && !message.startsWith('"')) {
    // Invisible characters are written as \\uXXXX: a NUL or an escape sequence must not reach the terminal.
    const shown = showInvisible(value.length > 60 ? `${value.slice(0, 57)}...` : value);
    if (value === '') return message;
    return `"${shown}" ${message}`;
  }
  return message;
}
