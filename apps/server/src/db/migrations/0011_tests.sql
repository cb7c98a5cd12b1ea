CREATE TABLE "test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"runner_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"duration_s" integer NOT NULL,
	"result" text NOT NULL,
	"success_ratio" smallint NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "initial_conditions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "previously_passed_tests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_test_id_requirements_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_runs_test_idx" ON "test_runs" USING btree ("test_id","id");--> statement-breakpoint
-- A test's conditions, steps and previous tests are part of its version (decisions §19), like its name.
DROP TRIGGER "requirements_version" ON "requirements";--> statement-breakpoint
CREATE TRIGGER "requirements_version" BEFORE UPDATE ON "requirements" FOR EACH ROW
  WHEN (NEW.version = OLD.version AND
    (OLD.name, OLD.description, OLD.status, OLD.category_id, OLD.document_id, OLD.position, OLD.type, OLD.reference_number,
     OLD.initial_conditions, OLD.steps, OLD.previously_passed_tests)
    IS DISTINCT FROM
    (NEW.name, NEW.description, NEW.status, NEW.category_id, NEW.document_id, NEW.position, NEW.type, NEW.reference_number,
     NEW.initial_conditions, NEW.steps, NEW.previously_passed_tests))
  EXECUTE FUNCTION "reqloom_next_version"();
