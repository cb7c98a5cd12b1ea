ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Two sibling categories with one acronym shared a reference before this migration: the later ones take the
-- first free acronym with a number appended (SRS_M, SRS_M2, …), so that the unique index can hold.
DO $$
DECLARE
  duplicate record;
  n integer;
BEGIN
  FOR duplicate IN
    SELECT c.id, c.document_id, coalesce(c.parent_id, 0) AS parent, c.acronym
    FROM "categories" c
    WHERE EXISTS (
      SELECT 1 FROM "categories" o
      WHERE o.document_id = c.document_id AND coalesce(o.parent_id, 0) = coalesce(c.parent_id, 0)
        AND o.acronym = c.acronym AND o.id < c.id
    )
    ORDER BY c.id
  LOOP
    n := 2;
    WHILE EXISTS (
      SELECT 1 FROM "categories" o
      WHERE o.document_id = duplicate.document_id AND coalesce(o.parent_id, 0) = duplicate.parent
        AND o.acronym = duplicate.acronym || n
    ) LOOP
      n := n + 1;
    END LOOP;
    UPDATE "categories" SET acronym = duplicate.acronym || n WHERE id = duplicate.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_reference_unique" ON "categories" USING btree ("document_id",coalesce("parent_id", 0),"acronym");--> statement-breakpoint
-- version moves with every change a user can see (decisions §19): the columns below, and the links. Bookkeeping
-- columns (a document's next reference number, updated_at alone) do not move it, nor does a statement that sets
-- version itself.
CREATE FUNCTION "reqloom_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "requirements_version" BEFORE UPDATE ON "requirements" FOR EACH ROW
  WHEN (NEW.version = OLD.version AND
    (OLD.name, OLD.description, OLD.status, OLD.category_id, OLD.document_id, OLD.position, OLD.type, OLD.reference_number)
    IS DISTINCT FROM
    (NEW.name, NEW.description, NEW.status, NEW.category_id, NEW.document_id, NEW.position, NEW.type, NEW.reference_number))
  EXECUTE FUNCTION "reqloom_next_version"();--> statement-breakpoint
CREATE TRIGGER "categories_version" BEFORE UPDATE ON "categories" FOR EACH ROW
  WHEN (NEW.version = OLD.version AND
    (OLD.name, OLD.acronym, OLD.description, OLD.parent_id, OLD.position)
    IS DISTINCT FROM (NEW.name, NEW.acronym, NEW.description, NEW.parent_id, NEW.position))
  EXECUTE FUNCTION "reqloom_next_version"();--> statement-breakpoint
CREATE TRIGGER "documents_version" BEFORE UPDATE ON "documents" FOR EACH ROW
  WHEN (NEW.version = OLD.version AND
    (OLD.name, OLD.acronym, OLD.description, OLD.settings)
    IS DISTINCT FROM (NEW.name, NEW.acronym, NEW.description, NEW.settings))
  EXECUTE FUNCTION "reqloom_next_version"();--> statement-breakpoint
-- A link is part of both ends: each shows it in its parents or children.
CREATE FUNCTION "reqloom_requirement_link_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link record;
BEGIN
  IF TG_OP = 'DELETE' THEN link := OLD; ELSE link := NEW; END IF;
  UPDATE "requirements" SET version = version + 1 WHERE id IN (link.parent_id, link.child_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "requirement_links_version" AFTER INSERT OR DELETE ON "requirement_links" FOR EACH ROW
  EXECUTE FUNCTION "reqloom_requirement_link_version"();--> statement-breakpoint
CREATE FUNCTION "reqloom_document_link_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link record;
BEGIN
  IF TG_OP = 'DELETE' THEN link := OLD; ELSE link := NEW; END IF;
  UPDATE "documents" SET version = version + 1 WHERE id IN (link.parent_id, link.child_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "document_links_version" AFTER INSERT OR DELETE ON "document_links" FOR EACH ROW
  EXECUTE FUNCTION "reqloom_document_link_version"();
