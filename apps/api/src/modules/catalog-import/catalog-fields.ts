/**
 * Zod schemas for single CSV cells (raw strings) shared by the Shopify and WooCommerce parsers. Each one turns
 * a cell into a typed value or an issue whose message says how to fix the cell, e.g.
 * `"12,5x" is not a price; write it like 12.50`.
 */
import { parseDecimalToCents } from '@store/shared/money';
import { z } from 'zod';
import type { Rejection } from './catalog-row';

const quoted = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);

/** Trimmed text, or null when empty. */
export const textCell = z.string().transform((s) => {
  const t = s.trim();
  return t === '' ? null : t;
});

/** Trimmed text with runs of whitespace (including line breaks) collapsed to one space, or null when empty. */
export const titleCell = z.string().transform((s) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
});

/**
 * A price such as "79.95", "$1,299" or "12.5" -> integer cents. Empty -> null unless `required`
 * (then the issue says the price is missing). Negative or malformed amounts are issues.
 */
export function priceCell(options: { required: boolean }) {
  return z.string().transform((raw, ctx): number | null => {
    const s = raw.trim();
    if (s === '') {
      if (options.required)
        ctx.addIssue({ code: 'custom', message: 'is empty; every product needs a price like 12.50' });
      return null;
    }
    if (/^-\s*\$?\d/.test(s)) {
      ctx.addIssue({
        code: 'custom',
        message: `${quoted(s)} is negative; a price must be 0 or more, like 12.50`,
      });
      return null;
    }
    const cents = parseDecimalToCents(s);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `${quoted(s)} is not a price; write it like 12.50` });
      return null;
    }
    return cents;
  });
}

/** A whole number of units ("12", "-3", "12.0"); empty -> null. Fractions and words are issues. */
export const integerCell = z.string().transform((raw, ctx): number | null => {
  const s = raw.trim();
  if (s === '') return null;
  const m = /^([+-]?\d{1,9})(?:\.0+)?$/.exec(s);
  if (!m?.[1]) {
    ctx.addIssue({ code: 'custom', message: `${quoted(s)} is not a whole number; write it like 12` });
    return null;
  }
  return Number(m[1]);
});

/** A non-negative decimal number ("0.75", "1.2"); empty -> null. */
export const decimalCell = z.string().transform((raw, ctx): number | null => {
  const s = raw.trim();
  if (s === '') return null;
  if (!/^\d{1,9}(\.\d+)?$|^\.\d+$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: `${quoted(s)} is not a number; write it like 0.75` });
    return null;
  }
  return Number(s);
});

/** A yes/no cell: 1/0, true/false, yes/no (any case); empty -> `fallback`. */
export function flagCell(fallback: boolean) {
  return z.string().transform((raw, ctx): boolean => {
    const s = raw.trim().toLowerCase();
    if (s === '') return fallback;
    if (['1', 'true', 'yes', 'y'].includes(s)) return true;
    if (['0', 'false', 'no', 'n'].includes(s)) return false;
    ctx.addIssue({ code: 'custom', message: `${quoted(raw.trim())} is not yes or no; write 1 or 0` });
    return fallback;
  });
}

/**
 * A date "2025-12-31", optionally with a time "2025-12-31 23:59[:59]" or ISO "2025-12-31T23:59:59Z"
 * -> Date (a date without a time means the end of that day, UTC). Empty -> null.
 */
export function dateCell(options: { endOfDay: boolean }) {
  return z.string().transform((raw, ctx): Date | null => {
    const s = raw.trim();
    if (s === '') return null;
    const m =
      /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
    const date = m ? parseDateParts(m, options.endOfDay) : null;
    if (!date) {
      ctx.addIssue({ code: 'custom', message: `${quoted(s)} is not a date; write it like 2025-12-31` });
      return null;
    }
    return date;
  });
}

function parseDateParts(m: RegExpExecArray, endOfDay: boolean): Date | null {
  const [, y, mo, d, h, mi, se, zone] = m;
  // Check the calendar date on its own first: Date would roll 2025-02-31 over into March.
  const calendar = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  if (Number.isNaN(calendar.getTime()) || calendar.getUTCDate() !== Number(d)) return null;
  const time = h !== undefined ? `${h}:${mi}:${se ?? '00'}` : endOfDay ? '23:59:59' : '00:00:00';
  const offset =
    !zone || zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(`${y}-${mo}-${d}T${time}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Splits a list cell on commas that are not escaped with a backslash (WooCommerce writes "a\, b" for a comma
 * inside a name), trims, unescapes and drops empty items.
 */
export function splitList(cell: string): string[] {
  return cell
    .split(/(?<!\\),/)
    .map((s) => s.replace(/\\,/g, ',').trim())
    .filter((s) => s !== '');
}

/** Joins tags as "a, b, c", dropping duplicates (case-insensitive) and the given tags; null when none remain. */
export function joinTags(tags: readonly string[], drop: readonly string[] = []): string | null {
  const seen = new Set(drop.map((t) => t.toLowerCase()));
  const out: string[] = [];
  for (const t of tags) {
    const key = t.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out.length ? out.join(', ') : null;
}

/**
 * Splits a category path "Brakes > Pads > Front" into its first two levels: category and child category
 * (deeper levels are ignored). Empty -> nulls.
 */
export function categoryLevels(path: string): {
  categoryTitle: string | null;
  childCategoryTitle: string | null;
} {
  const parts = path
    .split('>')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return { categoryTitle: parts[0] ?? null, childCategoryTitle: parts[1] ?? null };
}

/**
 * Validates a record's raw cells (keyed by logical field) with `schema`. On failure returns one Rejection per
 * issue, naming the file's column for the field (via `column`) and the record's line.
 */
export function validateCells<S extends z.ZodType<unknown, Record<string, string>>>(
  schema: S,
  raw: z.input<S>,
  line: number,
  column: (key: string) => string,
): { ok: true; value: z.output<S> } | { ok: false; rejections: Rejection[] } {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    rejections: result.error.issues.map((issue) => ({
      line,
      column: column(String(issue.path[0] ?? '')),
      reason: issue.message,
    })),
  };
}
