-- Issue 36 §2: categories, child categories and brands managed in the back office (decision 0050).
-- retired_at: a retired category, child category or brand leaves the menus, the home grid, the filters and the
-- sitemaps, and its addresses redirect; its products stay on sale. Never a hard delete.
-- Titles are unique without regard to case (a child category's within its category), retired ones included, so a
-- restore never clashes.
-- permalink_redirects: an address a category (sku or permalink), child category (child_sku) or brand (permalink)
-- answered before it was renamed, pointing at the row by id, so a second rename needs no chain.
ALTER TABLE "categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "child_categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_title_lower_idx" ON "categories" (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "child_categories_title_lower_idx" ON "child_categories" ("category_id", lower("child_title"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_title_lower_idx" ON "brands" (lower("title"));--> statement-breakpoint
CREATE TABLE "permalink_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"old_value" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permalink_redirects_kind_check" CHECK ("kind" IN ('category', 'child_category', 'brand'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "permalink_redirects_kind_old_value_idx" ON "permalink_redirects" ("kind", "old_value");
