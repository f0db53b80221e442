-- The business's phone number in store settings (issue 18 §4): the warranty against defects names it for claims.
ALTER TABLE "store_settings" ADD COLUMN "phone" text DEFAULT '' NOT NULL;