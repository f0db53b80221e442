/**
 * Public order ids (DESIGN §5.3): what guests track and what order pages link by. Letters and digits
 * only, so the SPEC §5 return-form rule ("letters and numbers") accepts them.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const PUBLIC_ORDER_ID_LENGTH = 16;

/**
 * 16 characters from 62, drawn from crypto random bytes without modulo bias: log2(62^16) ≈ 95 bits,
 * above the 64 that DESIGN §5.3 asks for.
 */
export function generatePublicOrderId(length = PUBLIC_ORDER_ID_LENGTH): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes at or above it would favour the first letters, so they are skipped.
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return id;
}
