/**
 * A return request's file and row (issue 11, issue 37 §3): the file written under a generated name in the private
 * file store (decision 0061), and the `order_returns` values of a request, for the free form and the request from
 * an order alike.
 */
import { randomUUID } from 'node:crypto';
import type { OrderReturnRequest } from '@store/shared/customer-service';
import type { FileStore } from '../../storage/file-store';
import type { SniffedFile } from './sniff-return-file';

export interface ReturnUpload {
  bytes: Buffer;
  /** As the customer named it (kept for staff; never used as a path). */
  fileName: string;
  kind: SniffedFile;
}

/**
 * Writes a return's file (if any) under a generated name (`<uuid>.<ext>`) in the private store `files` (a folder
 * that is the store user's alone, or a private bucket or prefix: decision 0016, issue 43 §5, decision 0061);
 * never the name the customer gave. Answers the stored name, or null.
 */
export async function storeReturnFile(files: FileStore, upload: ReturnUpload | null): Promise<string | null> {
  if (!upload) return null;
  const storedFile = `${randomUUID()}.${upload.kind.ext}`;
  await files.put(storedFile, upload.bytes, upload.kind.mime);
  return storedFile;
}

/** The `order_returns` row of `request`: the sender, the order (id when it is the sender's), the file. */
export function returnRowValues(
  request: OrderReturnRequest,
  upload: ReturnUpload | null,
  storedFile: string | null,
  orderId: number | null,
  userId: number | null,
) {
  return {
    fName: request.f_name,
    lName: request.l_name,
    email: request.email,
    phone: request.phone,
    orderReference: request.order_id,
    orderId,
    subject: request.subject,
    message: request.message,
    fileName: upload ? upload.fileName : null,
    storedFile,
    fileType: upload ? upload.kind.mime : null,
    fileBytes: upload ? upload.bytes.length : null,
    userId,
  };
}
