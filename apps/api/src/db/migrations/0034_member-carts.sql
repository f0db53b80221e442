-- Issue 37 §5, decision 0060: a member's cart kept with the account. One row per member with the cart's version
-- (every save that changes the lines adds one; a save built on an older version is refused with 409, so two
-- devices never interleave), and the lines in the order shown. A product deleted from the catalog leaves the
-- cart with it (cascade); an archived one stays stored and is left out of the answer.
CREATE TABLE "member_carts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "member_cart_lines" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "member_cart_lines_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "member_cart_lines_quantity_check" CHECK ("quantity" BETWEEN 1 AND 100)
);--> statement-breakpoint
ALTER TABLE "member_carts" ADD CONSTRAINT "member_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cart_lines" ADD CONSTRAINT "member_cart_lines_user_id_member_carts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_carts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cart_lines" ADD CONSTRAINT "member_cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
