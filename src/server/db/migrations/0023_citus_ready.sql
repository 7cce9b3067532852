-- Issue 29 item 3, a Citus-ready schema (src/server/db/placement.ts classifies every table; docs/deploy.md
-- "Citus" distributes them). 1. The code routing tables, filled from the sites' prefixes, the issued
-- ranges and the products' GTINs. 2. company_id on the five tables without it, from their parents.
-- 3. company_id in every primary, unique and foreign key of the distributed tables (last, so the
-- lookups by code, carton or id keep their index).
CREATE TABLE "code_routes" (
	"kind" varchar(1) NOT NULL,
	"prefix" varchar(2) DEFAULT '' NOT NULL,
	"from_no" bigint NOT NULL,
	"to_no" bigint NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "code_routes_kind_prefix_from_no_pk" PRIMARY KEY("kind","prefix","from_no")
);
--> statement-breakpoint
CREATE TABLE "gtin_routes" (
	"gtin" varchar(50) NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "gtin_routes_gtin_company_id_pk" PRIMARY KEY("gtin","company_id")
);
--> statement-breakpoint
ALTER TABLE "code_routes" ADD CONSTRAINT "code_routes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtin_routes" ADD CONSTRAINT "gtin_routes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gtin_routes_company_idx" ON "gtin_routes" USING btree ("company_id");--> statement-breakpoint
-- A factory's static series is its whole prefix (serials 1 to MAX_SERIAL, 32^7 - 1); prefixes are fixed once set.
INSERT INTO "code_routes" ("kind", "prefix", "from_no", "to_no", "company_id")
  SELECT 'S', upper("prefix"), 1, 34359738367, "company_id" FROM "sites" WHERE coalesce("prefix", '') <> '';--> statement-breakpoint
INSERT INTO "code_routes" ("kind", "prefix", "from_no", "to_no", "company_id")
  SELECT 'P', '', "from_no", "to_no", "company_id" FROM "number_issues";--> statement-breakpoint
INSERT INTO "gtin_routes" ("gtin", "company_id")
  SELECT DISTINCT "gtin", "company_id" FROM "products" WHERE coalesce("gtin", '') <> '';--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "company_id" integer;--> statement-breakpoint
UPDATE "prices" SET "company_id" = p."company_id" FROM "products" p WHERE p."id" = "prices"."product_id";--> statement-breakpoint
ALTER TABLE "prices" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
-- The administrator has no company: its keys go to tenant 0.
ALTER TABLE "idempotency_keys" ADD COLUMN "company_id" integer;--> statement-breakpoint
UPDATE "idempotency_keys" SET "company_id" = coalesce((SELECT u."company_id" FROM "users" u WHERE u."id" = "idempotency_keys"."user_id"), 0);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
-- A counter of a prefix no site holds cannot be used (Product/UpdateIds refuses an unknown prefix).
ALTER TABLE "id_counters" ADD COLUMN "company_id" integer;--> statement-breakpoint
UPDATE "id_counters" SET "company_id" = s."company_id" FROM "sites" s WHERE upper(s."prefix") = upper("id_counters"."prefix");--> statement-breakpoint
DELETE FROM "id_counters" WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "id_counters" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_cartons" ADD COLUMN "company_id" integer;--> statement-breakpoint
UPDATE "dispatch_cartons" SET "company_id" = d."company_id" FROM "dispatches" d WHERE d."did" = "dispatch_cartons"."did";--> statement-breakpoint
ALTER TABLE "dispatch_cartons" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
-- An item is its carton's, else its mapping's, else its series owner's; 0 keeps a row none of them knows.
ALTER TABLE "items" ADD COLUMN "company_id" integer;--> statement-breakpoint
UPDATE "items" SET "company_id" = coalesce(
  (SELECT s."company_id" FROM "secondary_cartons" s WHERE s."sid" = "items"."secondary_id"),
  (SELECT m."company_id" FROM "mappings" m
    WHERE m."kind" = "items"."kind" AND m."prefix" = "items"."prefix" AND m."from_no" <= "items"."serial_no" AND m."to_no" >= "items"."serial_no"
    ORDER BY m."from_no" DESC LIMIT 1),
  (SELECT r."company_id" FROM "code_routes" r
    WHERE r."kind" = "items"."kind" AND r."prefix" = "items"."prefix" AND r."from_no" <= "items"."serial_no" AND r."to_no" >= "items"."serial_no"
    ORDER BY r."from_no" DESC LIMIT 1),
  0);--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_counters" ADD CONSTRAINT "id_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_cartons" ADD CONSTRAINT "dispatch_cartons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The keys: the foreign keys to the old primary keys go first, then the keys themselves.
ALTER TABLE "items" DROP CONSTRAINT "items_secondary_id_secondary_cartons_sid_fk";--> statement-breakpoint
ALTER TABLE "secondary_cartons" DROP CONSTRAINT "secondary_cartons_tid_tertiary_cartons_tid_fk";--> statement-breakpoint
ALTER TABLE "dispatch_cartons" DROP CONSTRAINT "dispatch_cartons_did_dispatches_did_fk";--> statement-breakpoint
ALTER TABLE "damages" DROP CONSTRAINT "damages_pkey";--> statement-breakpoint
ALTER TABLE "generations" DROP CONSTRAINT "generations_pkey";--> statement-breakpoint
ALTER TABLE "mappings" DROP CONSTRAINT "mappings_pkey";--> statement-breakpoint
ALTER TABLE "number_issues" DROP CONSTRAINT "number_issues_pkey";--> statement-breakpoint
ALTER TABLE "static_pairs" DROP CONSTRAINT "static_pairs_pkey";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_pkey";--> statement-breakpoint
ALTER TABLE "replacements" DROP CONSTRAINT "replacements_pkey";--> statement-breakpoint
ALTER TABLE "secondary_cartons" DROP CONSTRAINT "secondary_cartons_pkey";--> statement-breakpoint
ALTER TABLE "tertiary_cartons" DROP CONSTRAINT "tertiary_cartons_pkey";--> statement-breakpoint
ALTER TABLE "dispatches" DROP CONSTRAINT "dispatches_pkey";--> statement-breakpoint
ALTER TABLE "point_entries" DROP CONSTRAINT "point_entries_pkey";--> statement-breakpoint
ALTER TABLE "recalls" DROP CONSTRAINT "recalls_pkey";--> statement-breakpoint
ALTER TABLE "redemption_requests" DROP CONSTRAINT "redemption_requests_pkey";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "id_counters" DROP CONSTRAINT "id_counters_prefix_type_pk";--> statement-breakpoint
ALTER TABLE "dispatch_cartons" DROP CONSTRAINT "dispatch_cartons_did_carton_id_pk";--> statement-breakpoint
DROP INDEX "damages_series_from_uq";--> statement-breakpoint
DROP INDEX "mappings_series_from_uq";--> statement-breakpoint
DROP INDEX "number_issues_from_uq";--> statement-breakpoint
DROP INDEX "static_pairs_static_uq";--> statement-breakpoint
DROP INDEX "static_pairs_preprinted_uq";--> statement-breakpoint
DROP INDEX "items_series_serial_uq";--> statement-breakpoint
DROP INDEX "replacements_old_uq";--> statement-breakpoint
DROP INDEX "replacements_new_uq";--> statement-breakpoint
DROP INDEX "point_entries_pack_uq";--> statement-breakpoint
DROP INDEX "point_entries_dispatch_uq";--> statement-breakpoint
DROP INDEX "recalls_batch_uq";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_key_company_id_pk" PRIMARY KEY("user_id","key","company_id");--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "id_counters" ADD CONSTRAINT "id_counters_prefix_type_company_id_pk" PRIMARY KEY("prefix","type","company_id");--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "number_issues" ADD CONSTRAINT "number_issues_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "static_pairs" ADD CONSTRAINT "static_pairs_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_sid_company_id_pk" PRIMARY KEY("sid","company_id");--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD CONSTRAINT "tertiary_cartons_tid_company_id_pk" PRIMARY KEY("tid","company_id");--> statement-breakpoint
ALTER TABLE "dispatch_cartons" ADD CONSTRAINT "dispatch_cartons_did_carton_id_company_id_pk" PRIMARY KEY("did","carton_id","company_id");--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_did_company_id_pk" PRIMARY KEY("did","company_id");--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "redemption_requests" ADD CONSTRAINT "redemption_requests_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_secondary_id_company_id_secondary_cartons_sid_company_id_fk" FOREIGN KEY ("secondary_id","company_id") REFERENCES "public"."secondary_cartons"("sid","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD CONSTRAINT "secondary_cartons_tid_company_id_tertiary_cartons_tid_company_id_fk" FOREIGN KEY ("tid","company_id") REFERENCES "public"."tertiary_cartons"("tid","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_cartons" ADD CONSTRAINT "dispatch_cartons_did_company_id_dispatches_did_company_id_fk" FOREIGN KEY ("did","company_id") REFERENCES "public"."dispatches"("did","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "damages_series_from_uq" ON "damages" USING btree ("kind","prefix","from_no","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mappings_series_from_uq" ON "mappings" USING btree ("kind","prefix","from_no","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "number_issues_from_uq" ON "number_issues" USING btree ("from_no","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "static_pairs_static_uq" ON "static_pairs" USING btree ("prefix","static_no","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "static_pairs_preprinted_uq" ON "static_pairs" USING btree ("preprinted_no","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_series_serial_uq" ON "items" USING btree ("kind","prefix","serial_no","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "replacements_old_uq" ON "replacements" USING btree ("old_kind","old_prefix","old_serial","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "replacements_new_uq" ON "replacements" USING btree ("new_kind","new_prefix","new_serial","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_pack_uq" ON "point_entries" USING btree ("kind","prefix","serial","company_id") WHERE "point_entries"."source" = 'verify';--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_dispatch_uq" ON "point_entries" USING btree ("did","user_id","company_id") WHERE "point_entries"."source" = 'dispatch';--> statement-breakpoint
CREATE UNIQUE INDEX "recalls_batch_uq" ON "recalls" USING btree ("product_id",lower("batch_no"),"company_id");
