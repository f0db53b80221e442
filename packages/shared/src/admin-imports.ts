/**
 * The back office's catalog imports on the wire (issue 12): one uploaded CSV (`POST /api/admin/imports`, field
 * `file`) run as a durable job (issue 38 §2, decision 0062) by the same importer as `npm run catalog:import`, and
 * its progress as the upload screen polls it. One source for the admin screens and the API.
 */
import { z } from 'zod';

/** The multipart field holding the CSV. */
export const IMPORT_FILE_FIELD = 'file';
/** Largest CSV taken, bytes (50 MB: a 100,000-product Shopify export is about 40 MB). */
export const IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** How often the upload screen asks for progress, ms. */
export const IMPORT_POLL_MS = 1_000;

/** 'running' from the upload on: queued for its job, then worked; 'finished' or 'failed' once it has a result. */
export const IMPORT_STATUSES = ['running', 'finished', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ADMIN_IMPORT_MESSAGES = {
  notMultipart: `Send the CSV as multipart/form-data in the "${IMPORT_FILE_FIELD}" field.`,
  noFile: 'Choose a CSV file to import.',
  oneFile: `Send exactly one CSV file, in the "${IMPORT_FILE_FIELD}" field.`,
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. Split it into smaller CSV files and import them one after another.`,
  notCsv:
    'This is not a CSV file. Export the products from Shopify or WooCommerce as CSV (a .csv file of text) and upload that.',
  busy: 'Another import is still running. Wait for it to finish, then upload this file.',
  notFound: 'No import with this id.',
  started: (name: string) => `Importing ${name}…`,
  blocked: (n: number) =>
    `Nothing was imported because ${n} row${n === 1 ? ' was' : 's were'} rejected. Fix ${n === 1 ? 'it' : 'them'} and upload the file again.`,
  interrupted: 'The import stopped when the store restarted; nothing was written. Upload the file again.',
  fileMissing:
    'The uploaded file could not be found by the process running the import, so nothing was imported. Upload the file again; if this happens again, ask whoever runs the store to check its file storage.',
  failed:
    'The import stopped before it finished (the process working it stopped or gave up); nothing was written. Upload the file again.',
} as const;

export const importRejectionSchema = z.object({
  /** The CSV's physical line (the header is line 1). */
  line: z.number().int(),
  reason: z.string(),
});
export type ImportRejection = z.infer<typeof importRejectionSchema>;

export const adminImportSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  /** 'shopify-legacy' | 'shopify-2024' | 'woocommerce', once read. */
  format: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  rows_rejected: z.number().int(),
  rejected: z.array(importRejectionSchema),
  warnings: z.array(z.string()),
  /** Why a failed import stopped (nothing was written). */
  error: z.string().nullable(),
  staff_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AdminImport = z.infer<typeof adminImportSchema>;

export const adminImportListSchema = z.object({ data: z.array(adminImportSchema) });

export const adminImportStartedSchema = z.object({ message: z.string(), data: adminImportSchema });

export const adminImportParamsSchema = z.object({
  id: z.uuid({ error: ADMIN_IMPORT_MESSAGES.notFound }),
});
