ALTER TABLE "verifications" ADD COLUMN "feedback_key" varchar(22);--> statement-breakpoint
UPDATE "verifications" SET "feedback_key" = translate(rtrim(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_') WHERE "result" = '200';--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_feedback_key_uq" ON "verifications" USING btree ("feedback_key");
