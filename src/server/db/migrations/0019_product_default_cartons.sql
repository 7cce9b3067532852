ALTER TABLE "products" ADD COLUMN "secondary_carton_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tertiary_carton_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_secondary_carton_id_cartons_id_fk" FOREIGN KEY ("secondary_carton_id") REFERENCES "public"."cartons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tertiary_carton_id_cartons_id_fk" FOREIGN KEY ("tertiary_carton_id") REFERENCES "public"."cartons"("id") ON DELETE no action ON UPDATE no action;