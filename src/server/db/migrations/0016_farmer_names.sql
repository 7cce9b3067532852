ALTER TABLE "point_entries" ADD COLUMN "name" varchar(100);--> statement-breakpoint
CREATE INDEX "verifications_feedback_id_idx" ON "verifications" USING btree ("id") WHERE "verifications"."feedback" is not null;--> statement-breakpoint
UPDATE "point_entries" pe SET "name" = v."name" FROM "verifications" v WHERE v."id" = pe."verification_id" AND pe."source" = 'verify' AND v."name" IS NOT NULL;--> statement-breakpoint
UPDATE "point_entries" pe SET "name" = r."name" FROM "redemption_requests" r WHERE r."id" = pe."request_id" AND pe."source" = 'redeem' AND r."name" <> '';
