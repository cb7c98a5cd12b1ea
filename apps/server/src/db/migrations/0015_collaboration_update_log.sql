CREATE TABLE "collaboration_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"requirement_id" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaboration_updates" ADD CONSTRAINT "collaboration_updates_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_updates" ADD CONSTRAINT "collaboration_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaboration_updates_requirement_idx" ON "collaboration_updates" USING btree ("requirement_id","id");