-- Issue 41, decision 0069: products.stock = SUM(location_stock.on_hand) for every product that tracks stock, in the
-- same transaction, whoever writes products.stock.
--
-- Two kinds of writers. Those that know the location (place-order's reservation, a cancel or restock putting units
-- back where they came from, a transfer, a count) say so with `SELECT set_config('store.location_stock_managed',
-- 'on', true)` in their transaction and write both tables themselves. Every other writer sets products.stock
-- outright (the product editor, the quick stock update, the catalog import, catalog:generate, the demo loader, test
-- seeders); for those these statement-level triggers apply the change at the locations, set-based (one statement
-- per products statement, so an import of 100,000 rows stays one pass):
--   * a new tracked product, or one that starts tracking: all its units at the default location;
--   * more units: the difference is added at the default location;
--   * fewer units: the difference is taken from the default location first, then the others by sort order;
--   * no longer tracked (NULL): its location rows are removed.
-- The default location is the first active shipping location by sort order (else the first location).
-- Movements are recorded with reason `store.stock_reason` when set (the import sets 'import'), else 'count'.
CREATE FUNCTION "store_default_location"() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "locations" ORDER BY ("active" AND "ships") DESC, "active" DESC, "sort_order", "id" LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION "location_stock_follow_inserted_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  home integer;
  why text := coalesce(nullif(current_setting('store.stock_reason', true), ''), 'count');
BEGIN
  IF coalesce(current_setting('store.location_stock_managed', true), '') = 'on' THEN RETURN NULL; END IF;
  home := store_default_location();
  IF home IS NULL THEN RETURN NULL; END IF;
  INSERT INTO "location_stock" ("location_id", "product_id", "on_hand")
  SELECT home, n."id", greatest(n."stock", 0) FROM new_rows n WHERE n."stock" IS NOT NULL
  ON CONFLICT ("product_id", "location_id") DO UPDATE SET "on_hand" = excluded."on_hand", "updated_at" = now();
  INSERT INTO "stock_movements" ("product_id", "to_location_id", "quantity", "reason")
  SELECT n."id", home, n."stock", why FROM new_rows n WHERE n."stock" > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "location_stock_follow_updated_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  home integer;
  why text := coalesce(nullif(current_setting('store.stock_reason', true), ''), 'count');
BEGIN
  IF coalesce(current_setting('store.location_stock_managed', true), '') = 'on' THEN RETURN NULL; END IF;
  -- Most product updates (a price, a title) leave stock alone: nothing more to do.
  IF NOT EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."stock" IS DISTINCT FROM o."stock"
  ) THEN
    RETURN NULL;
  END IF;
  home := store_default_location();
  IF home IS NULL THEN RETURN NULL; END IF;
  -- No longer tracked, or starting to track: its location rows start again.
  DELETE FROM "location_stock" ls USING new_rows n, old_rows o
  WHERE o."id" = n."id" AND ls."product_id" = n."id" AND (n."stock" IS NULL OR o."stock" IS NULL)
    AND n."stock" IS DISTINCT FROM o."stock";
  INSERT INTO "location_stock" ("location_id", "product_id", "on_hand")
  SELECT home, n."id", greatest(n."stock", 0) FROM new_rows n JOIN old_rows o ON o."id" = n."id"
  WHERE o."stock" IS NULL AND n."stock" IS NOT NULL;
  -- More units: at the default location.
  WITH added AS (
    INSERT INTO "location_stock" ("location_id", "product_id", "on_hand")
    SELECT home, n."id", n."stock" - o."stock" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."stock" > o."stock"
    ON CONFLICT ("product_id", "location_id")
    DO UPDATE SET "on_hand" = "location_stock"."on_hand" + excluded."on_hand", "updated_at" = now()
    RETURNING "product_id"
  )
  INSERT INTO "stock_movements" ("product_id", "to_location_id", "quantity", "reason")
  SELECT n."id", home, n."stock" - o."stock", why FROM new_rows n JOIN old_rows o ON o."id" = n."id"
  WHERE n."stock" > o."stock";
  -- Fewer units: from the default location first, then the others by sort order.
  WITH need AS (
    SELECT n."id" AS "product_id", o."stock" - greatest(n."stock", 0) AS "units"
    FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."stock" < o."stock"
  ), ranked AS (
    SELECT ls."product_id", ls."location_id", ls."on_hand", need."units",
      coalesce(sum(ls."on_hand") OVER (
        PARTITION BY ls."product_id" ORDER BY (ls."location_id" = home) DESC, l."sort_order", l."id"
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
      ), 0) AS "before_here"
    FROM "location_stock" ls
    JOIN need ON need."product_id" = ls."product_id"
    JOIN "locations" l ON l."id" = ls."location_id"
  ), taken AS (
    UPDATE "location_stock" ls
    SET "on_hand" = ls."on_hand" - least(r."on_hand", r."units" - r."before_here"), "updated_at" = now()
    FROM ranked r
    WHERE ls."product_id" = r."product_id" AND ls."location_id" = r."location_id"
      AND r."units" > r."before_here" AND r."on_hand" > 0
    RETURNING ls."product_id", ls."location_id", least(r."on_hand", r."units" - r."before_here") AS "quantity"
  )
  INSERT INTO "stock_movements" ("product_id", "from_location_id", "quantity", "reason")
  SELECT "product_id", "location_id", "quantity", why FROM taken WHERE "quantity" > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_location_stock_inserted" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "location_stock_follow_inserted_products"();--> statement-breakpoint
CREATE TRIGGER "products_location_stock_updated" AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "location_stock_follow_updated_products"();
--> statement-breakpoint
-- Migration 0039's fallback hours (a database with no store settings row) lacked the `days` wrapper of the
-- OpeningHours shape: put it in.
UPDATE "locations"
SET "opening_hours" = jsonb_build_object('days', "opening_hours" - 'note', 'note', coalesce("opening_hours"->>'note', ''))
WHERE NOT ("opening_hours" ? 'days');
