-- Each product picture's intrinsic size and the widths of its WebP copies, written by the catalog import (decision
-- 0026). Rows stored before stay without a size and copies until an import rewrites their product.
ALTER TABLE "product_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "variant_widths" integer[] DEFAULT '{}'::integer[] NOT NULL;