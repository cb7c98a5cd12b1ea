ALTER TABLE "spreadsheet_plans" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "spreadsheet_plans" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "spreadsheet_plans" ADD COLUMN "document_name" text;--> statement-breakpoint
ALTER TABLE "spreadsheet_plans" ADD CONSTRAINT "spreadsheet_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;