ALTER TABLE "sources" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "voice_posts" jsonb DEFAULT '[]'::jsonb NOT NULL;