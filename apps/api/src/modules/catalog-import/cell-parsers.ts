/**
 * Value parsers for single CSV cells, shared by every catalog format's column map (see `catalog-format.ts`).
 * Each one turns a raw cell into a typed value, or a CellIssue whose reason says how to fix the cell, e.g.
 * `"12,5x" is not a price; write it like 12.50`. Plain functions, not zod: they run once per cell of a
 * 100,000-row file; the finished row is still checked once by `catalogRowSchema` (DESIGN §8).
 */
import { parseDecimalToCents } from '@store/shared/money';
import { normalizePartNumber } from '@store/shared/part-number';
import { htmlToPlainText, sanitizeDescription } from './sanitize-description';
import {
  DANGEROUS_GOODS_CLASSES,
  isDangerousGoodsClass,
  type DangerousGoodsClass,
} from '@store/shared/delivery-rules';

/** Why a cell cannot be read; becomes a Rejection naming the cell's line and column. */
export class CellIssue {
  constructor(readonly reason: string) {}
}

/**
 * Reads one cell: the raw text (after the format's cell preprocessing) and the header as the file writes it
 * (some formats put the unit there, e.g. `Weight (lbs)`). Returns the value or a CellIssue.
 */
export type CellParser<T> = (raw: string, header: string) => T | CellIssue;

const quoted = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);

/** The cell as it is (not even trimmed). */
export const rawCell: CellParser<string> = (raw) => raw;

/** Trimmed text. */
export const trimmedCell: CellParser<string> = (raw) => raw.trim();

/** Trimmed lower-case text. */
export const lowerCaseCell: CellParser<string> = (raw) => raw.trim().toLowerCase();

/** Trimmed text, or null when empty. */
export const textCell: CellParser<string | null> = (raw) => {
  const t = raw.trim();
  return t === '' ? null : t;
};

/** Trimmed text with runs of whitespace (including line breaks) collapsed to one space, or null when empty. */
export const titleCell: CellParser<string | null> = (raw) => {
  const t = raw.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

/**
 * A price such as "79.95", "$1,299" or "12.5" -> integer cents, read as the shelf price INCLUDING GST (decision
 * 0046: the catalog stores what shoppers see). Empty -> null unless `required` (then the issue says the price is
 * missing). Negative or malformed amounts are issues.
 */
export function priceCell(options: { required: boolean }): CellParser<number | null> {
  return (raw) => {
    const s = raw.trim();
    if (s === '') {
      return options.required
        ? new CellIssue('is empty; every product needs its price inc. GST, like 12.50')
        : null;
    }
    if (/^-\s*\$?\d/.test(s)) {
      return new CellIssue(`${quoted(s)} is negative; a price must be 0 or more, like 12.50`);
    }
    return parseDecimalToCents(s) ?? new CellIssue(`${quoted(s)} is not a price; write it like 12.50`);
  };
}

/** A whole number of units ("12", "-3", "12.0"); empty -> null. Fractions and words are issues. */
export const integerCell: CellParser<number | null> = (raw) => {
  const s = raw.trim();
  if (s === '') return null;
  const m = /^([+-]?\d{1,9})(?:\.0+)?$/.exec(s);
  if (!m?.[1]) return new CellIssue(`${quoted(s)} is not a whole number; write it like 12`);
  return Number(m[1]);
};

/** A non-negative decimal number ("0.75", "1.2"); empty -> null. */
export const decimalCell: CellParser<number | null> = (raw) => {
  const s = raw.trim();
  if (s === '') return null;
  if (!/^\d{1,9}(\.\d+)?$|^\.\d+$/.test(s)) {
    return new CellIssue(`${quoted(s)} is not a number; write it like 0.75`);
  }
  return Number(s);
};

/**
 * A dangerous goods class (issue 41, ADG Code): one of DANGEROUS_GOODS_CLASSES ("8", "2.1"; "Class 8" is read too);
 * empty or "none" -> null.
 */
export const dangerousGoodsClassCell: CellParser<DangerousGoodsClass | null> = (raw) => {
  const s = raw
    .trim()
    .replace(/^class\s*/i, '')
    .toLowerCase();
  if (s === '' || s === 'none' || s === 'no') return null;
  if (isDangerousGoodsClass(s)) return s;
  return new CellIssue(
    `${quoted(raw.trim())} is not a dangerous goods class; write one of ${DANGEROUS_GOODS_CLASSES.join(', ')} or leave it empty`,
  );
};

/** A size in whole millimetres, 1-10000 (issue 41: delivery's cubic weight); empty -> null. */
export const millimetresCell: CellParser<number | null> = (raw) => {
  const s = raw.trim();
  if (s === '') return null;
  const m = /^(\d{1,5})(?:\.0+)?$/.exec(s);
  const n = m?.[1] ? Number(m[1]) : NaN;
  if (!(n >= 1 && n <= 10_000)) {
    return new CellIssue(
      `${quoted(s)} is not a size in millimetres; write a whole number from 1 to 10000, like 450`,
    );
  }
  return n;
};

/** A yes/no cell: 1/0, true/false, yes/no (any case); empty -> `fallback`. */
export function flagCell(fallback: boolean): CellParser<boolean> {
  return (raw) => {
    const s = raw.trim().toLowerCase();
    if (s === '') return fallback;
    if (s === '1' || s === 'true' || s === 'yes' || s === 'y') return true;
    if (s === '0' || s === 'false' || s === 'no' || s === 'n') return false;
    return new CellIssue(`${quoted(raw.trim())} is not yes or no; write 1 or 0`);
  };
}

/**
 * A date "2025-12-31", optionally with a time "2025-12-31 23:59[:59]" or ISO "2025-12-31T23:59:59Z"
 * -> Date (a date without a time means the end of that day, UTC, when `endOfDay`). Empty -> null.
 */
export function dateCell(options: { endOfDay: boolean }): CellParser<Date | null> {
  return (raw) => {
    const s = raw.trim();
    if (s === '') return null;
    const m =
      /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
    const date = m ? parseDateParts(m, options.endOfDay) : null;
    return date ?? new CellIssue(`${quoted(s)} is not a date; write it like 2025-12-31`);
  };
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

/** A comma-separated list (see `splitList`). */
export const listCell: CellParser<string[]> = (raw) => splitList(raw);

const splitPartNumberList = (text: string) =>
  text
    .split(/[,;|\r\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * Part numbers (issue 15 §3): a list separated by commas, semicolons, bars or line breaks ("DB1170, 04465-0K240"),
 * or the JSON list a Shopify list metafield exports (`["DB1170","04465-0K240"]`); the same number written twice
 * (by `normalizePartNumber`) once.
 */
export const partNumbersCell: CellParser<string[]> = (raw) => {
  const text = raw.trim();
  let list: string[];
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return new CellIssue(
        'is not a list of part numbers; write them separated by commas, like DB1170, 04465-0K240',
      );
    }
    if (!Array.isArray(parsed) || !parsed.every((p): p is string => typeof p === 'string'))
      return new CellIssue(
        'is not a list of part numbers; write them separated by commas, like DB1170, 04465-0K240',
      );
    list = parsed.flatMap(splitPartNumberList);
  } else list = splitPartNumberList(text);
  const seen = new Set<string>();
  return list.filter((p) => {
    const key = normalizePartNumber(p);
    if (key !== '' && seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Catalog HTML, sanitised (see `sanitizeDescription`); null when nothing is left. `paragraphs`: WordPress text
 * whose line breaks are the formatting; `literalNewlines`: the exporter wrote line breaks as a backslash-n.
 */
export function htmlCell(
  options: { paragraphs?: boolean; literalNewlines?: boolean } = {},
): CellParser<string | null> {
  return (raw) =>
    sanitizeDescription(options.literalNewlines ? unescapeNewlines(raw) : raw, {
      paragraphs: options.paragraphs ?? false,
    });
}

/** HTML read as plain text (tags removed, entities decoded, see `htmlToPlainText`); null when empty. */
export function plainTextCell(options: { literalNewlines?: boolean } = {}): CellParser<string | null> {
  return (raw) => {
    const text = htmlToPlainText(options.literalNewlines ? unescapeNewlines(raw) : raw);
    return text === '' ? null : text;
  };
}

/** A category path "Brakes > Pads" as its first two levels (see `categoryLevels`). */
export const categoryPathCell: CellParser<CategoryLevels> = (raw) => categoryLevels(raw.trim());

/** Category and child category titles of a product. */
export interface CategoryLevels {
  categoryTitle: string | null;
  childCategoryTitle: string | null;
}

/** The exporter writes line breaks inside descriptions as a literal backslash-n. */
function unescapeNewlines(text: string): string {
  return text.replace(/\\n/g, '\n');
}

/**
 * Splits a list cell on commas that are not escaped with a backslash (WooCommerce writes "a\, b" for a comma
 * inside a name), trims, unescapes and drops empty items.
 */
export function splitList(cell: string): string[] {
  if (cell === '') return [];
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
export function categoryLevels(path: string): CategoryLevels {
  const parts = path
    .split('>')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return { categoryTitle: parts[0] ?? null, childCategoryTitle: parts[1] ?? null };
}
