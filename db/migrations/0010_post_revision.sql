ALTER TABLE "posts" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every change a calendar shows (the text,
-- the time, the status, when it went out) bumps the post's revision, whichever code wrote it. The
-- calendar feed sends it as SEQUENCE, so subscribed calendars take the new version over the old.
CREATE FUNCTION "posts_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content IS DISTINCT FROM OLD.content
    OR NEW.scheduled_time IS DISTINCT FROM OLD.scheduled_time
    OR NEW.status IS DISTINCT FROM OLD.status
    OR NEW.posted_at IS DISTINCT FROM OLD.posted_at THEN
    NEW.revision := OLD.revision + 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_bump_revision" BEFORE UPDATE ON "posts" FOR EACH ROW EXECUTE FUNCTION "posts_bump_revision"();
