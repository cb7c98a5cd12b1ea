DROP INDEX "requirement_links_child_idx";--> statement-breakpoint
DROP INDEX "revisions_requirement_idx";--> statement-breakpoint
CREATE INDEX "requirement_links_child_parent_idx" ON "requirement_links" USING btree ("child_id","parent_id");--> statement-breakpoint
CREATE INDEX "requirements_document_position_idx" ON "requirements" USING btree ("document_id","position","id");--> statement-breakpoint
CREATE INDEX "revisions_requirement_idx" ON "revisions" USING btree ("requirement_id","id");