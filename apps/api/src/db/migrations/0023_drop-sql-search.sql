-- Issue 35 §5: search runs in the process (catalog/search-index.ts, decision 0020 as amended) with its own shopper
-- tokenizer; no request has used the SQL search since decision 0020, which kept it only as a test oracle. Its
-- generated columns (recomputed on every product write), their GIN index and the spelling vocabulary table that
-- every import rebuilt go. The pg_trgm extension stays: migration 0000 creates it and dropping it gains nothing.
DROP INDEX IF EXISTS "products_search_vector_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_vector";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_text";--> statement-breakpoint
DROP TABLE IF EXISTS "search_words";
