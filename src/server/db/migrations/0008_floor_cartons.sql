CREATE TABLE "secondary_cartons" (
	"sid" varchar(20) PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"location_site_id" integer,
	"carton_size_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"reason" varchar(200),
	"tid" varchar(20),
	"state" varchar(10) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_at" timestamp with time zone,
	"entry_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "tertiary_cartons" (
	"tid" varchar(20) PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"location_site_id" integer,
	"carton_size_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"reason" varchar(200),
	"remark" varchar(200),
	"state" varchar(10) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_at" timestamp with time zone,
	"entry_id" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_location_site_id_sites_id_fk" FOREIGN KEY ("location_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_carton_size_id_cartons_id_fk" FOREIGN KEY ("carton_size_id") REFERENCES "public"."cartons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_tid_tertiary_cartons_tid_fk" FOREIGN KEY ("tid") REFERENCES "public"."tertiary_cartons"("tid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD CONSTRAINT "tertiary_cartons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD CONSTRAINT "tertiary_cartons_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD CONSTRAINT "tertiary_cartons_location_site_id_sites_id_fk" FOREIGN KEY ("location_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD CONSTRAINT "tertiary_cartons_carton_size_id_cartons_id_fk" FOREIGN KEY ("carton_size_id") REFERENCES "public"."cartons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD CONSTRAINT "tertiary_cartons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD CONSTRAINT "tertiary_cartons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "secondary_cartons_location_idx" ON "secondary_cartons" USING btree ("company_id","location_site_id","state");--> statement-breakpoint
CREATE INDEX "secondary_cartons_tid_idx" ON "secondary_cartons" USING btree ("tid");--> statement-breakpoint
CREATE INDEX "tertiary_cartons_location_idx" ON "tertiary_cartons" USING btree ("company_id","location_site_id","state");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_secondary_id_secondary_cartons_sid_fk" FOREIGN KEY ("secondary_id") REFERENCES "public"."secondary_cartons"("sid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_secondary_idx" ON "items" USING btree ("secondary_id");