-- The audit trail (decisions §21) and the one-time link of its CSV export (a download of a project, not a document).
-- Entries are never updated or deleted by the application; the database refuses it too, so that neither a slip of
-- code nor a hand-written statement rewrites history: an UPDATE, or a DELETE that is not the cascade of a project's
-- deletion (a cascade runs inside the foreign key's own trigger, so its depth is above one), raises.
CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"token_name" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"entity_reference" text,
	"document_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "downloads" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_project_at_idx" ON "audit_entries" USING btree ("project_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_project_actor_idx" ON "audit_entries" USING btree ("project_id","actor_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_project_action_idx" ON "audit_entries" USING btree ("project_id","action","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_project_entity_idx" ON "audit_entries" USING btree ("project_id","entity_type","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_element_idx" ON "audit_entries" USING btree ("project_id","entity_type","entity_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "audit_entries"."entity_id" is not null;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_project_idx" ON "downloads" USING btree ("project_id");--> statement-breakpoint
CREATE FUNCTION "reqloom_audit_entries_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries are never changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_kept" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "reqloom_audit_entries_kept"();
