/**
 * Password hashing (DESIGN §2, §5.5): argon2id with 19 MiB of memory, 2 passes, 1 lane (OWASP's minimum).
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The argon2id PHC string of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows, checked when an email has no account so both answers take as long. */
const decoy = hashPassword('decoy password that no account has');

/** True when `password` matches `passwordHash`; with no hash, spends the same time and answers false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    if (passwordHash === null) {
      await verify(await decoy, password);
      return false;
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
