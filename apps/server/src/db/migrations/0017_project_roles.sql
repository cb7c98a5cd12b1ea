-- Project roles (decisions §20). Members who existed before roles keep every right: they become maintainers. The
-- column then loses its default, so that every path that makes a member says which role it gives (a creator is a
-- maintainer, the join link gives the project's joinRole, a restored old backup's members are maintainers).
ALTER TABLE "project_users" ADD COLUMN "role" text DEFAULT 'maintainer' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "project_users" ADD CONSTRAINT "project_users_role_known" CHECK ("project_users"."role" in ('viewer', 'reviewer', 'editor', 'maintainer'));
