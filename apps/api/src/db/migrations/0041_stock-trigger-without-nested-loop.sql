-- Issue 42 §3, decision 0073: a products UPDATE of many rows (a catalog re-import's changed prices, the fitment
-- import's universal flags, a bulk edit) took time quadratic in its rows in 0040's statement trigger: its first
-- check, a NOT EXISTS over the join of the OLD and NEW transition tables, was planned as a nested loop. The same
-- function with that check counted instead.
CREATE OR REPLACE FUNCTION "location_stock_follow_updated_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  home integer;
  why text := coalesce(nullif(current_setting('store.stock_reason', true), ''), 'count');
BEGIN
  IF coalesce(current_setting('store.location_stock_managed', true), '') = 'on' THEN RETURN NULL; END IF;
  -- Most product updates (a price, a title) leave stock alone: nothing more to do. Counted, not NOT EXISTS: for an
  -- EXISTS the planner expects an early match and joins the two transition tables (no indexes) in a nested loop,
  -- which with no match compares every row with every row (4,000 rows: 2.9 s; 100,000: hours). A count joins them
  -- by hash.
  IF (
    SELECT count(*) FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."stock" IS DISTINCT FROM o."stock"
  ) = 0 THEN
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
$$
