CREATE INDEX "verifications_at_idx" ON "verifications" USING btree ("at");--> statement-breakpoint
CREATE INDEX "verifications_feedback_idx" ON "verifications" USING btree ("company_id","at") WHERE "verifications"."feedback" is not null;--> statement-breakpoint
CREATE INDEX "verifications_feedback_at_idx" ON "verifications" USING btree ("at") WHERE "verifications"."feedback" is not null;--> statement-breakpoint
CREATE INDEX "point_entries_company_at_idx" ON "point_entries" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "point_entries_at_idx" ON "point_entries" USING btree ("at");