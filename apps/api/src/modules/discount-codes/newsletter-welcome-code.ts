/**
 * The newsletter's welcome code (issue 34 §5, decision 0047): the footer's "10% off your first order" arrives as a
 * code in the welcome mail, one per subscriber: 10% off every line, usage limit 1, once per customer, tied to the
 * subscriber's email. A subscriber who comes back after unsubscribing gets their unused code again, not a new one.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { NEWSLETTER_CODE_PERCENT } from '@store/shared/discount-codes';
import type { Database } from '../../db/client';
import { discountCodes } from '../../db/schema';
import { describeDatabaseError } from '../../db/describe-database-error';

/** Letters and digits no one misreads (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** "WELCOME-7K3QX9": 31^6 ≈ 887 million codes, so guessing one is hopeless at checkout's rate limit. */
function welcomeCodeText(): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `WELCOME-${s}`;
}

/**
 * The subscriber's welcome code (upper case): their unused one if they have it, else a new one. `email` is
 * lower-cased here. Retries on the (unlikely) clash with an existing code.
 */
export async function newsletterWelcomeCode(db: Database, email: string): Promise<string> {
  const owner = email.trim().toLowerCase();
  const [unused] = await db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.email, owner),
        isNull(discountCodes.createdBy),
        eq(discountCodes.active, true),
        or(isNull(discountCodes.usageLimit), lt(discountCodes.usedCount, sql`${discountCodes.usageLimit}`)),
      ),
    )
    .limit(1);
  if (unused) return unused.code;
  for (let attempt = 0; ; attempt++) {
    const code = welcomeCodeText();
    try {
      await db.insert(discountCodes).values({
        code,
        kind: 'percent',
        value: NEWSLETTER_CODE_PERCENT,
        usageLimit: 1,
        oncePerCustomer: true,
        appliesTo: 'all',
        email: owner,
      });
      return code;
    } catch (err) {
      if (describeDatabaseError(err)?.constraint === 'discount_codes_code_idx' && attempt < 5) continue;
      throw err;
    }
  }
}
