-- Ranking a search reads each match's vector: stored with the row (computed by PostgreSQL on every write), it is read,
-- not recomputed from the description for every match. The column stays out of the Drizzle schema, so that no read of
-- requirements carries it; only the search's own SQL names it.
ALTER TABLE "requirements" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (public.reqloom_search_vector(name, description)) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "requirements_search_idx";--> statement-breakpoint
CREATE INDEX "requirements_search_idx" ON "requirements" USING gin ("search_vector");
