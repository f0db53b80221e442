/**
 * What a return's attachment really is (issue 11; DESIGN §5.8): the type is read from the bytes (magic numbers,
 * with the maintained `file-type` library), never trusted from the name or the browser's Content-Type, and it
 * must agree with the name's extension — a `.png` that is really a script is refused. Plain text has no magic
 * number: a `.txt` must be UTF-8 without control characters (tab and line breaks allowed) and match no binary
 * type.
 */
import { fileTypeFromBuffer } from 'file-type';
import { findControlCharacter } from '@store/shared/control-characters';
import type { RETURN_FILE_EXTENSIONS } from '@store/shared/customer-service';

export interface SniffedFile {
  /** The extension the stored file gets: 'png', 'jpg', 'pdf' or 'txt'. */
  ext: 'png' | 'jpg' | 'pdf' | 'txt';
  /** The type it is served as (always as an attachment). */
  mime: 'image/png' | 'image/jpeg' | 'application/pdf' | 'text/plain';
}

const BY_EXTENSION: Record<(typeof RETURN_FILE_EXTENSIONS)[number], SniffedFile> = {
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  txt: { ext: 'txt', mime: 'text/plain' },
};

/** The file's kind when its bytes match its name's extension, else null (answer 415). */
export async function sniffReturnFile(bytes: Uint8Array, fileName: string): Promise<SniffedFile | null> {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const claimed = BY_EXTENSION[extension as keyof typeof BY_EXTENSION];
  if (!claimed) return null;
  const detected = await fileTypeFromBuffer(bytes);
  if (claimed.ext === 'txt') {
    if (detected) return null;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
    return findControlCharacter(text, 'multi-line') ? null : claimed;
  }
  return detected?.mime === claimed.mime ? claimed : null;
}
