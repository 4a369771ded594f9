DROP INDEX "posts_user_status_idx";--> statement-breakpoint
DROP INDEX "posts_user_created_idx";--> statement-breakpoint
CREATE INDEX "posts_user_status_created_idx" ON "posts" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_user_status_scheduled_idx" ON "posts" USING btree ("user_id","status","scheduled_time","id");--> statement-breakpoint
CREATE INDEX "posts_user_status_posted_idx" ON "posts" USING btree ("user_id","status",coalesce("posted_at", "scheduled_time", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at","id");