-- Issue 36: columns the back office's product editor, low-stock mail and archive share, added once so every part
-- of the issue builds on the same product row.
-- reorder_level: the stock at or below which the daily low-stock mail lists the product (default 5, per product).
-- version: bumped by every save from the product editor (and imports), so a save made against an older version is
-- refused instead of silently overwriting another staff member's change (optimistic concurrency).
-- archived_at: an archived product leaves the shop, search, sitemaps and listings but keeps its orders and URL.
ALTER TABLE "products" ADD COLUMN "reorder_level" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reorder_level_check" CHECK ("reorder_level" >= 0);
