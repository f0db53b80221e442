-- Issue 42 §2, decision 0082: a category's thumbnail and a brand's logo and cover get WebP copies by width, as a
-- product's and a home picture's do, so a phone draws a 77 px tile from the 160 px copy instead of the original an
-- owner uploaded (up to 5 MB). What the image pipeline measured of each: {"width", "height", "widths"}; null for a
-- picture stored before this (its original is sent, as before) or one the pipeline cannot copy.
ALTER TABLE "categories" ADD COLUMN "thumbnail_image_info" jsonb;
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "logo_image_info" jsonb;
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "cover_image_info" jsonb;
