/**
 * Percent-encodes a query value or path segment so the app decodes exactly `text` (`%00` arrives as NUL).
 * A lone surrogate, which UTF-8 cannot hold and `encodeURIComponent` refuses, is written as its three
 * WTF-8 bytes (`\uD800` -> `%ED%A0%80`): invalid UTF-8 that the app has to refuse cleanly.
 */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encode character by character below.
  }
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
