-- Issue 29: events and verifications partitioned by month on "at" (RANGE, UTC months, a DEFAULT
-- partition so an insert never fails; db/partitions.ts keeps the months ahead and the retention), and
-- company_id NOT NULL with 0 for no company (Citus's distribution column). Each table is rewritten:
-- renamed aside, made again partitioned, its rows copied, the old one dropped. The id sequences are
-- kept, so ids go on from where they were.
ALTER TABLE "events" RENAME TO "events_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "events_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint DEFAULT nextval('events_id_seq') NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" varchar(30) NOT NULL,
	"user_id" integer,
	"company_id" integer NOT NULL,
	"site_id" integer,
	"kind" varchar(1),
	"prefix" varchar(2),
	"from_no" bigint,
	"to_no" bigint,
	"ref" varchar(40),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"device_batch" varchar(64),
	"device_at" timestamp with time zone
) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;--> statement-breakpoint
ALTER TABLE "verifications" RENAME TO "verifications_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "verifications_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" bigint DEFAULT nextval('verifications_id_seq') NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"scan" varchar(500) NOT NULL,
	"kind" varchar(1),
	"prefix" varchar(2),
	"serial" bigint,
	"company_id" integer NOT NULL,
	"product_id" integer,
	"mapping_id" integer,
	"result" varchar(4) NOT NULL,
	"message" varchar(400) NOT NULL,
	"name" varchar(100),
	"email" varchar(100),
	"mobile" varchar(10),
	"city" varchar(100),
	"state" varchar(100),
	"country" varchar(100),
	"address" varchar(300),
	"zip" varchar(10),
	"latitude" double precision,
	"longitude" double precision,
	"ip" varchar(64),
	"mode" varchar(20),
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feedback" varchar(500),
	"feedback_at" timestamp with time zone,
	"feedback_key" varchar(22)
) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "verifications_default" PARTITION OF "verifications" DEFAULT;--> statement-breakpoint
-- A partition for every month the rows span, through the current month and the next 3 (as the
-- maintenance keeps them), so no existing row lands in DEFAULT.
DO $$
DECLARE
  t text;
  lo timestamp;
  hi timestamp;
  m timestamp;
BEGIN
  FOREACH t IN ARRAY ARRAY['events', 'verifications'] LOOP
    EXECUTE format('SELECT date_trunc(''month'', min("at") AT TIME ZONE ''UTC''), date_trunc(''month'', max("at") AT TIME ZONE ''UTC'') FROM %I', t || '_unpartitioned') INTO lo, hi;
    m := least(coalesce(lo, 'infinity'), date_trunc('month', now() AT TIME ZONE 'UTC'));
    hi := greatest(coalesce(hi, '-infinity'), date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months');
    WHILE m <= hi LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', t || to_char(m, '_YYYY_MM'), t, m::text || '+00', (m + interval '1 month')::text || '+00');
      m := m + interval '1 month';
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "events" ("id", "at", "action", "user_id", "company_id", "site_id", "kind", "prefix", "from_no", "to_no", "ref", "detail", "device_batch", "device_at")
SELECT "id", "at", "action", "user_id", coalesce("company_id", 0), "site_id", "kind", "prefix", "from_no", "to_no", "ref", "detail", "device_batch", "device_at" FROM "events_unpartitioned";--> statement-breakpoint
INSERT INTO "verifications" ("id", "at", "scan", "kind", "prefix", "serial", "company_id", "product_id", "mapping_id", "result", "message", "name", "email", "mobile", "city", "state", "country", "address", "zip", "latitude", "longitude", "ip", "mode", "flags", "feedback", "feedback_at", "feedback_key")
SELECT "id", "at", "scan", "kind", "prefix", "serial", coalesce("company_id", 0), "product_id", "mapping_id", "result", "message", "name", "email", "mobile", "city", "state", "country", "address", "zip", "latitude", "longitude", "ip", "mode", "flags", "feedback", "feedback_at", "feedback_key" FROM "verifications_unpartitioned";--> statement-breakpoint
DROP TABLE "events_unpartitioned";--> statement-breakpoint
DROP TABLE "verifications_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";--> statement-breakpoint
ALTER SEQUENCE "verifications_id_seq" OWNED BY "verifications"."id";--> statement-breakpoint
-- Keys and indexes on the parents, so every partition (and every one made later) has them.
ALTER TABLE "events" ADD CONSTRAINT "events_id_company_id_at_pk" PRIMARY KEY("id","company_id","at");--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_id_company_id_at_pk" PRIMARY KEY("id","company_id","at");--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("kind","prefix","from_no");--> statement-breakpoint
CREATE INDEX "events_action_at_idx" ON "events" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "events_company_at_idx" ON "events" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "events_ref_idx" ON "events" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "verifications_code_idx" ON "verifications" USING btree ("kind","prefix","serial","at");--> statement-breakpoint
CREATE INDEX "verifications_company_at_idx" ON "verifications" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "verifications_at_idx" ON "verifications" USING btree ("at");--> statement-breakpoint
CREATE INDEX "verifications_feedback_idx" ON "verifications" USING btree ("company_id","at") WHERE "verifications"."feedback" is not null;--> statement-breakpoint
CREATE INDEX "verifications_feedback_at_idx" ON "verifications" USING btree ("at") WHERE "verifications"."feedback" is not null;--> statement-breakpoint
CREATE INDEX "verifications_feedback_id_idx" ON "verifications" USING btree ("id") WHERE "verifications"."feedback" is not null;--> statement-breakpoint
-- The event log stays append-only (the trigger of migration 0002, now cloned onto every partition).
CREATE TRIGGER "events_no_change" BEFORE UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_append_only"();
