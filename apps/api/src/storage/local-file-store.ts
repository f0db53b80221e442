/**
 * The local folder store (decision 0061): the embedded default, the files as they have always been laid out,
 * `<root>/<key>` (MEDIA_DIR, ./data/uploads; PRIVATE_UPLOADS_DIR, ./data/private-uploads), so a folder written by an
 * older store is read as it is. Writes go to a hidden temporary file beside the target and are renamed over it, so a
 * reader (or an interrupted import) never sees half a file under a real name. A private store's folders are
 * 0700 and its files 0600 (issue 43 §5).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkFileKey,
  contentTypeOf,
  type FileStore,
  type ListedFile,
  type StoredFileInfo,
  type StoredFileStream,
} from './file-store';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-uploads-dir';

/** The temporary files `put` (and the stores before it) write before renaming: skipped by `list`. */
const TEMPORARY_FILE = /\.\d+(\.[0-9a-f]{8})?\.part$/;

/** Codes that mean "no such file here" (a missing folder on the way, or a folder where a file was expected). */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

export interface LocalFileStoreOptions {
  /** The folder; made on the first write. */
  root: string;
  /** Customers' files: folders 0700, files 0600. */
  private?: boolean;
}

/** A store over the folder `root`. Throws FileKeyError (from every method) for a key that is not one. */
export function createLocalFileStore(options: LocalFileStoreOptions): FileStore {
  const root = path.resolve(options.root);
  const dirMode = options.private ? PRIVATE_DIR_MODE : undefined;
  const fileMode = options.private ? PRIVATE_FILE_MODE : undefined;

  const fileOf = (key: string) => {
    checkFileKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function* walk(dir: string, prefix: string): AsyncGenerator<ListedFile> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* walk(full, `${key}/`);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        if (TEMPORARY_FILE.test(entry.name)) continue;
        const info = await stat(full).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size };
      }
    }
  }

  return {
    description: `folder ${root}`,

    async put(key, bytes) {
      const file = fileOf(key);
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true, ...(dirMode ? { mode: dirMode } : {}) });
      const temp = path.join(
        dir,
        `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.part`,
      );
      try {
        await writeFile(temp, bytes, fileMode ? { mode: fileMode } : {});
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stream(key): Promise<StoredFileStream | null> {
      const handle = await open(fileOf(key), 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: createReadStream('', { fd: handle, autoClose: true }),
        size: info.size,
        contentType: contentTypeOf(key),
        etag: null,
        modifiedMs: info.mtimeMs,
      };
    },

    async stat(key): Promise<StoredFileInfo | null> {
      const info = await stat(fileOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      return {
        size: info.size,
        modifiedMs: info.mtimeMs,
        changedMs: Math.max(info.mtimeMs, info.ctimeMs),
      };
    },

    async delete(key) {
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    async *list(prefix) {
      // Walk only the folder the prefix names, then filter by the rest of it.
      const slash = prefix.lastIndexOf('/');
      const folder = slash < 0 ? '' : prefix.slice(0, slash + 1);
      if (folder !== '') checkFileKey(folder.slice(0, -1));
      for await (const file of walk(path.join(root, ...folder.split('/').filter(Boolean)), folder)) {
        if (file.key.startsWith(prefix)) yield file;
      }
    },
  };
}
