ALTER TABLE "requirement_links" ADD COLUMN "validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requirement_links" ADD COLUMN "validated_by" integer;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "content_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "content_changed_by" integer;--> statement-breakpoint
ALTER TABLE "requirement_links" ADD CONSTRAINT "requirement_links_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_content_changed_by_users_id_fk" FOREIGN KEY ("content_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Decisions §22: a link is suspect when its parent's name, description or status changed after the latest of the
-- link's creation, its last validation and the child's last change. Until now updated_at stood for that change; it
-- also moves with a category change, so every requirement starts from it (and from its author): no mark changes
-- with this migration, and a link turns suspect from now on only for what §22 counts.
UPDATE "requirements" SET "content_changed_at" = "updated_at", "content_changed_by" = "updated_by";--> statement-breakpoint
-- Set by the database, like versions (0004), so that no write path can forget it: the API's update, a revision's
-- restore, the collaborative write-back, an import's update, an operator's SQL. A change lands at least a millisecond
-- after the one before it, even on a clock that went back (another instance's), or within the same millisecond:
-- the validation of a link records the parent's content_changed_at it saw (validated_at), and a change it did not
-- see must come strictly after that, once times are cut to the millisecond as the rule compares them.
CREATE FUNCTION "reqloom_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.content_changed_at := greatest(
    CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE clock_timestamp() END,
    date_trunc('milliseconds', OLD.content_changed_at) + interval '1 millisecond');
  NEW.content_changed_by := NEW.updated_by;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "requirements_content_changed" BEFORE UPDATE ON "requirements" FOR EACH ROW
  WHEN ((OLD.name, OLD.description, OLD.status) IS DISTINCT FROM (NEW.name, NEW.description, NEW.status))
  EXECUTE FUNCTION "reqloom_content_changed"();--> statement-breakpoint
-- The link indexes carry what the rule reads of a link (0012): validated_at joins created_at, so that the marks of a
-- document still read no link's heap page. A validation updates its links (the only update links get), which sends
-- their pages back to the heap until vacuum passes: the marks read those few pages meanwhile.
ALTER TABLE "requirement_links" DROP CONSTRAINT "requirement_links_parent_id_child_id_pk";--> statement-breakpoint
ALTER TABLE "requirement_links" ADD CONSTRAINT "requirement_links_parent_id_child_id_pk"
  PRIMARY KEY ("parent_id", "child_id") INCLUDE ("created_at", "validated_at");--> statement-breakpoint
DROP INDEX "requirement_links_child_parent_idx";--> statement-breakpoint
CREATE INDEX "requirement_links_child_parent_idx" ON "requirement_links" USING btree ("child_id", "parent_id")
  INCLUDE ("created_at", "validated_at");
