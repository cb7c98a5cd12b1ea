CREATE TABLE "review_baselines" (
	"review_id" integer NOT NULL,
	"baseline_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_baselines_review_id_revision_pk" PRIMARY KEY("review_id","revision")
);
--> statement-breakpoint
CREATE TABLE "review_documents" (
	"review_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "review_documents_review_id_document_id_pk" PRIMARY KEY("review_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "review_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"baseline_id" integer NOT NULL,
	"requirement_id" integer,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_participants" (
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "review_participants_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"baseline_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"meaning" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "review_verdicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"baseline_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"verdict" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"moderator_id" integer,
	"baseline_id" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "review_baselines" ADD CONSTRAINT "review_baselines_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_documents" ADD CONSTRAINT "review_documents_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_participants" ADD CONSTRAINT "review_participants_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_participants" ADD CONSTRAINT "review_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_signatures" ADD CONSTRAINT "review_signatures_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_verdicts" ADD CONSTRAINT "review_verdicts_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_verdicts" ADD CONSTRAINT "review_verdicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_baselines_baseline_unique" ON "review_baselines" USING btree ("baseline_id");--> statement-breakpoint
CREATE INDEX "review_feedback_review_idx" ON "review_feedback" USING btree ("review_id","id");--> statement-breakpoint
CREATE INDEX "review_participants_user_idx" ON "review_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_signatures_review_idx" ON "review_signatures" USING btree ("review_id","baseline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_verdicts_unique" ON "review_verdicts" USING btree ("review_id","baseline_id","requirement_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_project_idx" ON "reviews" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "reviews_baseline_idx" ON "reviews" USING btree ("baseline_id");--> statement-breakpoint
CREATE FUNCTION "reqloom_review_signatures_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the deletion of the project (a cascade, so below another trigger) removes signatures.
  IF TG_OP = 'DELETE' THEN
    IF pg_trigger_depth() > 1 THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'signatures are never changed or deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- The one change allowed: recording a revocation, once, with its reason, and nothing else.
  IF OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL AND NEW.revoked_reason IS NOT NULL
    AND ROW(NEW.id, NEW.review_id, NEW.baseline_id, NEW.user_id, NEW.user_name, NEW.meaning, NEW.signed_at,
      NEW.content_hash) IS NOT DISTINCT FROM ROW(OLD.id, OLD.review_id, OLD.baseline_id, OLD.user_id, OLD.user_name,
      OLD.meaning, OLD.signed_at, OLD.content_hash) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'signatures are never changed; a revocation is recorded once' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "review_signatures_kept" BEFORE UPDATE OR DELETE ON "review_signatures"
  FOR EACH ROW EXECUTE FUNCTION "reqloom_review_signatures_kept"();--> statement-breakpoint
CREATE FUNCTION "reqloom_signed_reviews_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A signed review is kept; the project's deletion (a cascade) still takes it.
  IF pg_trigger_depth() <= 1 AND EXISTS (SELECT 1 FROM "review_signatures" WHERE "review_id" = OLD.id) THEN
    RAISE EXCEPTION 'a signed review is never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "signed_reviews_kept" BEFORE DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reqloom_signed_reviews_kept"();
--> statement-breakpoint
CREATE FUNCTION "reqloom_reviewed_baselines_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A baseline a review was published on is kept while the review exists; the project's deletion (a cascade) takes
  -- both.
  IF pg_trigger_depth() <= 1 AND EXISTS (SELECT 1 FROM "review_baselines" WHERE "baseline_id" = OLD.id) THEN
    RAISE EXCEPTION 'a baseline held by a review is never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reviewed_baselines_kept" BEFORE DELETE ON "baselines"
  FOR EACH ROW EXECUTE FUNCTION "reqloom_reviewed_baselines_kept"();
