CREATE TABLE "baseline_documents" (
	"baseline_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"manifest_id" integer NOT NULL,
	"name" text NOT NULL,
	"acronym" text NOT NULL,
	"description" text NOT NULL,
	"has_parents" boolean NOT NULL,
	"has_children" boolean NOT NULL,
	CONSTRAINT "baseline_documents_baseline_id_document_id_pk" PRIMARY KEY("baseline_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "baseline_manifest_categories" (
	"manifest_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"acronym" text NOT NULL,
	"description" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "baseline_manifest_categories_manifest_id_category_id_pk" PRIMARY KEY("manifest_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "baseline_manifest_links" (
	"manifest_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"up_to_date" boolean NOT NULL,
	CONSTRAINT "baseline_manifest_links_manifest_id_parent_id_child_id_pk" PRIMARY KEY("manifest_id","parent_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "baseline_manifest_requirements" (
	"manifest_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "baseline_manifest_requirements_manifest_id_requirement_id_pk" PRIMARY KEY("manifest_id","requirement_id")
);
--> statement-breakpoint
CREATE TABLE "baseline_manifests" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"hash" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baseline_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"hash" "bytea" NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baselines" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"categories_count" integer DEFAULT 0 NOT NULL,
	"requirements_count" integer DEFAULT 0 NOT NULL,
	"links_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "baseline_documents" ADD CONSTRAINT "baseline_documents_baseline_id_baselines_id_fk" FOREIGN KEY ("baseline_id") REFERENCES "public"."baselines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_documents" ADD CONSTRAINT "baseline_documents_manifest_id_baseline_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."baseline_manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_manifest_categories" ADD CONSTRAINT "baseline_manifest_categories_manifest_id_baseline_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."baseline_manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_manifest_links" ADD CONSTRAINT "baseline_manifest_links_manifest_id_baseline_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."baseline_manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_manifest_requirements" ADD CONSTRAINT "baseline_manifest_requirements_manifest_id_baseline_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."baseline_manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_manifest_requirements" ADD CONSTRAINT "baseline_manifest_requirements_state_id_baseline_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."baseline_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_manifests" ADD CONSTRAINT "baseline_manifests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_states" ADD CONSTRAINT "baseline_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baselines" ADD CONSTRAINT "baselines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baselines" ADD CONSTRAINT "baselines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baseline_documents_manifest_idx" ON "baseline_documents" USING btree ("manifest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "baseline_manifests_project_hash_unique" ON "baseline_manifests" USING btree ("project_id","hash");--> statement-breakpoint
CREATE UNIQUE INDEX "baseline_states_project_hash_unique" ON "baseline_states" USING btree ("project_id","hash");--> statement-breakpoint
CREATE UNIQUE INDEX "baselines_project_name_unique" ON "baselines" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "baselines_project_idx" ON "baselines" USING btree ("project_id","id");