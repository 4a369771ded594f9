CREATE TABLE "carousels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"slides" jsonb NOT NULL,
	"design" jsonb NOT NULL,
	"author" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"post_content" text NOT NULL,
	"linkedin_document_urn" text,
	"linkedin_document_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carousels_post_id_unique" UNIQUE("post_id")
);
--> statement-breakpoint
ALTER TABLE "carousels" ADD CONSTRAINT "carousels_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousels" ADD CONSTRAINT "carousels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousels_user_idx" ON "carousels" USING btree ("user_id");