CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaboration_states" (
	"requirement_id" integer PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_reads" (
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer,
	"category_id" integer,
	"requirement_id" integer,
	"commentable_type" text GENERATED ALWAYS AS (CASE WHEN requirement_id IS NOT NULL THEN 'requirement' WHEN category_id IS NOT NULL THEN 'category' WHEN document_id IS NOT NULL THEN 'document' ELSE 'project' END) STORED NOT NULL,
	"commentable_id" integer GENERATED ALWAYS AS (coalesce(requirement_id, category_id, document_id, project_id)) STORED NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comment_reads_user_id_commentable_type_commentable_id_pk" PRIMARY KEY("user_id","commentable_type","commentable_id"),
	CONSTRAINT "comment_reads_one_commentable" CHECK (num_nonnulls(document_id, category_id, requirement_id) <= 1)
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer,
	"category_id" integer,
	"requirement_id" integer,
	"commentable_type" text GENERATED ALWAYS AS (CASE WHEN requirement_id IS NOT NULL THEN 'requirement' WHEN category_id IS NOT NULL THEN 'category' WHEN document_id IS NOT NULL THEN 'document' ELSE 'project' END) STORED NOT NULL,
	"commentable_id" integer GENERATED ALWAYS AS (coalesce(requirement_id, category_id, document_id, project_id)) STORED NOT NULL,
	"author_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_one_commentable" CHECK (num_nonnulls(document_id, category_id, requirement_id) <= 1)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_states" ADD CONSTRAINT "collaboration_states_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_file_name_unique" ON "attachments" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "attachments_project_idx" ON "attachments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "comment_reads_requirement_idx" ON "comment_reads" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "comment_reads_document_idx" ON "comment_reads" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "comment_reads_category_idx" ON "comment_reads" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "comment_reads_project_idx" ON "comment_reads" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "comments_commentable_idx" ON "comments" USING btree ("commentable_type","commentable_id","id");--> statement-breakpoint
CREATE INDEX "comments_requirement_idx" ON "comments" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "comments_document_idx" ON "comments" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "comments_category_idx" ON "comments" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "comments_project_idx" ON "comments" USING btree ("project_id");