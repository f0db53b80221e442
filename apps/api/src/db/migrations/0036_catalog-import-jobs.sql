-- Issue 38 §2, decision 0062: back-office catalog imports run as durable jobs (queue `catalog-import`). Each import
-- names its pg-boss job (`job_id`, written in the upload's transaction with the job), so an import whose job has
-- failed, expired or gone is shown failed rather than running. Imports left 'running' by a process before this
-- migration cannot be running any more (they ran inside it): failed, with ADMIN_IMPORT_MESSAGES.interrupted's
-- words. Then at most one import may be running (queued or worked) at a time: the partial unique index makes the
-- upload's 409 hold under concurrent uploads on every instance.
ALTER TABLE "catalog_imports" ADD COLUMN "job_id" uuid;--> statement-breakpoint
UPDATE "catalog_imports" SET "status" = 'failed', "error" = 'The import stopped when the store restarted; nothing was written. Upload the file again.', "finished_at" = now() WHERE "status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_imports_one_running_idx" ON "catalog_imports" USING btree ("status") WHERE "catalog_imports"."status" = 'running';
