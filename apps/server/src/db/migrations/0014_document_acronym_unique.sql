-- A document's acronym is unique in its project, whatever its case (issue 31). Documents that already share one keep
-- it on the first (by id); each later one gets the smallest number from 2 that makes it unique, letters cut so that it
-- stays within the project's acronymMaxSize and upper-cased (as the domain rule `withNumber` does). Each rename is reported as a
-- WARNING, which PostgreSQL writes to its log by default and both drivers hand to the client.
DO $$
DECLARE
  clash record;
  max_size integer;
  n integer;
  candidate text;
BEGIN
  FOR clash IN
    SELECT d.id, d.project_id, d.acronym, p.settings
    FROM "documents" d JOIN "projects" p ON p.id = d.project_id
    WHERE EXISTS (
      SELECT 1 FROM "documents" e
      WHERE e.project_id = d.project_id AND lower(e.acronym) = lower(d.acronym) AND e.id < d.id
    )
    ORDER BY d.project_id, d.id
  LOOP
    max_size := CASE WHEN jsonb_typeof(clash.settings -> 'acronymMaxSize') = 'number'
      THEN least(greatest((clash.settings ->> 'acronymMaxSize')::numeric::integer, 1), 20) ELSE 6 END;
    n := 2;
    LOOP
      candidate := upper(left(clash.acronym, greatest(max_size - length(n::text), 0))) || n::text;
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "documents" e WHERE e.project_id = clash.project_id AND lower(e.acronym) = lower(candidate)
      );
      n := n + 1;
    END LOOP;
    UPDATE "documents" SET acronym = candidate, version = version + 1, updated_at = now() WHERE id = clash.id;
    RAISE WARNING 'reqloom 0014: document % of project % renamed from % to %: another document had that acronym',
      clash.id, clash.project_id, clash.acronym, candidate;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "documents_project_acronym_unique" ON "documents" USING btree ("project_id",lower("acronym"));
