CREATE TABLE "dispatch_cartons" (
	"did" varchar(20) NOT NULL,
	"carton_id" varchar(20) NOT NULL,
	"product_id" integer NOT NULL,
	"batch_no" varchar(50),
	"mfg_date" date,
	"exp_date" date,
	"qty" integer NOT NULL,
	"state" varchar(10) NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "dispatch_cartons_did_carton_id_pk" PRIMARY KEY("did","carton_id")
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"did" varchar(20) PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"from_site_id" integer NOT NULL,
	"to_site_id" integer,
	"to_user_id" integer,
	"transport_mode_id" integer NOT NULL,
	"lr" varchar(50) NOT NULL,
	"remark" varchar(200),
	"cartons" integer NOT NULL,
	"packs" integer NOT NULL,
	"state" varchar(10) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_at" timestamp with time zone,
	"entry_id" varchar(64),
	"received_by" integer,
	"received_at" timestamp with time zone,
	"received_device_at" timestamp with time zone,
	"received_entry_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"old_kind" varchar(1) NOT NULL,
	"old_prefix" varchar(2) NOT NULL,
	"old_serial" bigint NOT NULL,
	"new_kind" varchar(1) NOT NULL,
	"new_prefix" varchar(2) NOT NULL,
	"new_serial" bigint NOT NULL,
	"sid" varchar(20),
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_at" timestamp with time zone,
	"entry_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "transport_modes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD COLUMN "dispatch_id" varchar(20);--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD COLUMN "dealer_id" integer;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD COLUMN "replaced_by" varchar(20);--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD COLUMN "dispatch_id" varchar(20);--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD COLUMN "dealer_id" integer;--> statement-breakpoint
ALTER TABLE "dispatch_cartons" ADD CONSTRAINT "dispatch_cartons_did_dispatches_did_fk" FOREIGN KEY ("did") REFERENCES "public"."dispatches"("did") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_cartons" ADD CONSTRAINT "dispatch_cartons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_from_site_id_sites_id_fk" FOREIGN KEY ("from_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_to_site_id_sites_id_fk" FOREIGN KEY ("to_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_transport_mode_id_transport_modes_id_fk" FOREIGN KEY ("transport_mode_id") REFERENCES "public"."transport_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_cartons_carton_idx" ON "dispatch_cartons" USING btree ("carton_id");--> statement-breakpoint
CREATE INDEX "dispatches_from_idx" ON "dispatches" USING btree ("company_id","from_site_id","created_at");--> statement-breakpoint
CREATE INDEX "dispatches_to_site_idx" ON "dispatches" USING btree ("to_site_id","state");--> statement-breakpoint
CREATE INDEX "dispatches_to_user_idx" ON "dispatches" USING btree ("to_user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "replacements_old_uq" ON "replacements" USING btree ("old_kind","old_prefix","old_serial");--> statement-breakpoint
CREATE UNIQUE INDEX "replacements_new_uq" ON "replacements" USING btree ("new_kind","new_prefix","new_serial");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_modes_name_uq" ON "transport_modes" USING btree ("name");--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD CONSTRAINT "tertiary_cartons_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "secondary_cartons_dispatch_idx" ON "secondary_cartons" USING btree ("dispatch_id");--> statement-breakpoint
CREATE INDEX "tertiary_cartons_dispatch_idx" ON "tertiary_cartons" USING btree ("dispatch_id");--> statement-breakpoint
INSERT INTO "transport_modes" ("name") VALUES ('By Road'), ('By Rail'), ('By Air'), ('By Sea'), ('Courier'), ('Hand Delivery') ON CONFLICT DO NOTHING;
