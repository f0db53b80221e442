-- Part numbers (issue 15 §3, decision 0031): the OE and other brands' numbers of a product, joined with ", ".
ALTER TABLE "products" ADD COLUMN "part_numbers" text;
