/**
 * The one rule for invisible characters in text from outside (issue 17; decision 0011), used by the API's edge
 * (every query string, path parameter, JSON body, declared header), the shared form schemas in the browser,
 * and the catalog importer's CSV cells. No zod here: the web app's first page can import it.
 *
 * Field kinds:
 * - `single-line` (the default: names, emails, phones, SKUs, ids, filters, headers): every control character
 *   (C0 U+0000-U+001F, DEL U+007F, C1 U+0080-U+009F) and every lone surrogate is refused.
 * - `multi-line` (comments, messages, descriptions): tab, line feed and carriage return are kept; the other
 *   control characters and lone surrogates are refused.
 * - `search` (what a shopper types into a search box): tab, line feed and carriage return are read as spaces;
 *   the others are refused.
 *
 * Refused means a 400 naming the field on the server and a field error in the browser; nothing is ever
 * silently dropped except the whitespace of `search`.
 */

export type TextKind = 'single-line' | 'multi-line' | 'search';

/** The OpenAPI extension (and zod `.meta()` key) that marks a string field's kind; absent means single-line. */
export const TEXT_KIND_KEY = 'x-text-kind';

/** A refused character: where it is (UTF-16 index) and how to name it to a person. */
export interface FoundControlCharacter {
  index: number;
  /** `U+0000`. */
  codePoint: string;
  /** `NUL`, `tab`, `line break`, `lone surrogate` ... */
  name: string;
}

/** Tab, line feed, carriage return: whitespace a multi-line field has a use for. */
const LINE_WHITESPACE = /[\t\n\r]/g;
/** Any control character (C0, DEL, C1) or unpaired surrogate. `u` makes a lone surrogate one code point. */
const REFUSED = /[\p{Cc}]|\p{Cs}/u;
const REFUSED_OUTSIDE_LINE_WHITESPACE = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

const NAMES: Record<number, string> = {
  0x00: 'NUL',
  0x08: 'backspace',
  0x09: 'tab',
  0x0a: 'line break',
  0x0b: 'vertical tab',
  0x0c: 'form feed',
  0x0d: 'carriage return',
  0x1b: 'escape',
  0x7f: 'delete',
};

function describe(text: string, index: number): FoundControlCharacter {
  const code = text.charCodeAt(index);
  const codePoint = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const isSurrogate = code >= 0xd800 && code <= 0xdfff;
  return { index, codePoint, name: isSurrogate ? 'lone surrogate' : (NAMES[code] ?? 'control character') };
}

/** The first character of `text` that a field of `kind` refuses, or null when there is none. */
export function findControlCharacter(
  text: string,
  kind: TextKind = 'single-line',
): FoundControlCharacter | null {
  const pattern = kind === 'single-line' ? REFUSED : REFUSED_OUTSIDE_LINE_WHITESPACE;
  const match = pattern.exec(text);
  return match ? describe(text, match.index) : null;
}

/** What a field of `kind` keeps of an accepted value: `search` reads tabs and line breaks as spaces. */
export function normaliseText(text: string, kind: TextKind): string {
  return kind === 'search' ? text.replace(LINE_WHITESPACE, ' ') : text;
}

/**
 * `text` safe to print in a report or a terminal: every character a single-line field refuses is written as
 * `\uXXXX`, so a CSV cell's NUL or escape sequence is shown rather than sent to the screen.
 */
export function showInvisible(text: string): string {
  return text.replace(
    new RegExp(REFUSED.source, 'gu'),
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** `comment contains an invisible character (U+0000 NUL) at position 3. Remove it and try again.` */
export function controlCharacterMessage(field: string, found: FoundControlCharacter): string {
  const what = found.name === 'lone surrogate' ? 'a broken character' : 'an invisible character';
  return `${field} contains ${what} (${found.codePoint} ${found.name}) at position ${found.index + 1}. Remove it and try again.`;
}
