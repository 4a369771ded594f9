CREATE TABLE "post_saves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_saves" ADD CONSTRAINT "post_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_saves_user_created_idx" ON "post_saves" USING btree ("user_id","created_at");--> statement-breakpoint
-- Posts saved before this table existed used their allowance too.
INSERT INTO "post_saves" ("user_id", "created_at") SELECT "user_id", "created_at" FROM "posts";
