/**
 * The private uploads folder (PRIVATE_UPLOADS_DIR: customers' return attachments, issue 11) is the store's user's
 * alone (issue 43 §5): the folder is 0700 and each file 0600, so another account on the machine can neither list
 * nor read a customer's photo or PDF. The process's umask can only take bits away from these.
 */
import { chmod, mkdir } from 'node:fs/promises';

/** rwx for the store's user, nothing for group and others. */
export const PRIVATE_DIR_MODE = 0o700;
/** rw for the store's user, nothing for group and others. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and missing parents) as 0700, or sets an existing folder, made before this rule or by hand, to 0700.
 * Called as the store starts. Files already in it are then out of other users' reach through the folder.
 * Throws an Error naming the folder when it cannot be made private (another user's folder, a read-only disk).
 */
export async function preparePrivateUploadsDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    await chmod(dir, PRIVATE_DIR_MODE);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(
      `The private uploads folder ${dir} (PRIVATE_UPLOADS_DIR) cannot be made readable by the store's user only ` +
        `(${code}): run the store as the folder's owner, or point PRIVATE_UPLOADS_DIR at a folder it owns.`,
      { cause: err },
    );
  }
}
