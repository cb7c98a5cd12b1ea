CREATE TABLE "spreadsheet_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"changes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spreadsheet_plans" ADD CONSTRAINT "spreadsheet_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheet_plans" ADD CONSTRAINT "spreadsheet_plans_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spreadsheet_plans_user_idx" ON "spreadsheet_plans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "spreadsheet_plans_expires_idx" ON "spreadsheet_plans" USING btree ("expires_at");