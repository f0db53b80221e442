CREATE TABLE "catalog_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_state_one_row" CHECK ("catalog_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "products_changed_idx" ON "products" USING btree ("changed_at");--> statement-breakpoint
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every UPDATE of a product (an order taking stock, a cancel putting it back, an edit, an import) dates the row,
-- so the catalog read model can re-read what changed without each code path having to say so (decision 0019).
CREATE FUNCTION "products_touch_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE that changes nothing (a re-import of the same row) leaves the date alone.
  IF NEW IS DISTINCT FROM OLD THEN
    NEW.changed_at := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_touch_changed_at" BEFORE UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_touch_changed_at"();
