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
CREATE INDEX "test_runs_test_idx" ON "test_runs" USING btree ("test_id","id");