-- A manifest's requirements and links become arrays on its row (issue 35: a row each cost a snapshot 60,000 inserts
-- with their index entries and foreign key checks). The rows are carried over first, in the same order as a snapshot
-- writes them (requirements by id, links by parent then child), then their tables go.
ALTER TABLE "baseline_manifests" ADD COLUMN "requirement_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "baseline_manifests" ADD COLUMN "state_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "baseline_manifests" ADD COLUMN "positions" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "baseline_manifests" ADD COLUMN "link_parent_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "baseline_manifests" ADD COLUMN "link_child_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "baseline_manifests" ADD COLUMN "link_up_to_date" boolean[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "baseline_manifests" m SET
  "requirement_ids" = e.requirement_ids, "state_ids" = e.state_ids, "positions" = e.positions
FROM (
  SELECT manifest_id,
         array_agg(requirement_id ORDER BY requirement_id) AS requirement_ids,
         array_agg(state_id ORDER BY requirement_id) AS state_ids,
         array_agg(position ORDER BY requirement_id) AS positions
    FROM "baseline_manifest_requirements" GROUP BY manifest_id
) e WHERE e.manifest_id = m.id;--> statement-breakpoint
UPDATE "baseline_manifests" m SET
  "link_parent_ids" = l.parent_ids, "link_child_ids" = l.child_ids, "link_up_to_date" = l.up_to_date
FROM (
  SELECT manifest_id,
         array_agg(parent_id ORDER BY parent_id, child_id) AS parent_ids,
         array_agg(child_id ORDER BY parent_id, child_id) AS child_ids,
         array_agg(up_to_date ORDER BY parent_id, child_id) AS up_to_date
    FROM "baseline_manifest_links" GROUP BY manifest_id
) l WHERE l.manifest_id = m.id;--> statement-breakpoint
DROP TABLE "baseline_manifest_links" CASCADE;--> statement-breakpoint
DROP TABLE "baseline_manifest_requirements" CASCADE;
