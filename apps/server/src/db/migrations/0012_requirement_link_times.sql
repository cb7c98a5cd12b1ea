-- A link's up-to-date mark compares its two requirements' times with the time the link was made (created_at).
-- With that time in both link indexes, a document's marks (and the map's, and a requirement's) read the links from
-- the indexes alone, once vacuum has marked their pages visible, as it soon does for links, which are inserted and
-- deleted but not updated. Listing a document of 1,000 requirements read one heap page per link before: on the
-- bench's 20,000 links, the marks' statement took 17 ms of the list's time, 7 ms with these (27 November).
-- Outside the Drizzle schema, like search_vector (0008): Drizzle's index builder has no INCLUDE; the schema keeps
-- the same names and key columns, so drizzle-kit sees nothing to change.
ALTER TABLE "requirement_links" DROP CONSTRAINT "requirement_links_parent_id_child_id_pk";--> statement-breakpoint
ALTER TABLE "requirement_links" ADD CONSTRAINT "requirement_links_parent_id_child_id_pk"
  PRIMARY KEY ("parent_id", "child_id") INCLUDE ("created_at");--> statement-breakpoint
DROP INDEX "requirement_links_child_parent_idx";--> statement-breakpoint
CREATE INDEX "requirement_links_child_parent_idx" ON "requirement_links" USING btree ("child_id", "parent_id")
  INCLUDE ("created_at");
