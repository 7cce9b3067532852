DROP INDEX "prices_product_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "prices_product_uq" ON "prices" USING btree ("product_id");