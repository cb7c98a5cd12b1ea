-- The name has its own stored vector: the planner then knows how rare a word is among names (a weight-restricted
-- query on the one search vector it cannot estimate, and it scanned the whole table), and the name matches, which
-- rank first, are found by their index. Outside the Drizzle schema, like search_vector (migration 0008).
ALTER TABLE "requirements" ADD COLUMN "name_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('pg_catalog.simple'::regconfig, public.reqloom_fold(name))) STORED;--> statement-breakpoint
CREATE INDEX "requirements_name_search_idx" ON "requirements" USING gin ("name_vector");
