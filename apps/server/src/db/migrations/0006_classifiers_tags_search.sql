CREATE TABLE "classifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"name" text NOT NULL,
	"multiselect" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_tags" (
	"requirement_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "requirement_tags_requirement_id_tag_id_pk" PRIMARY KEY("requirement_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"classifier_id" integer NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classifiers" ADD CONSTRAINT "classifiers_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_tags" ADD CONSTRAINT "requirement_tags_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_tags" ADD CONSTRAINT "requirement_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_classifier_id_classifiers_id_fk" FOREIGN KEY ("classifier_id") REFERENCES "public"."classifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classifiers_document_idx" ON "classifiers" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "requirement_tags_tag_idx" ON "requirement_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_classifier_title_unique" ON "tags" USING btree ("classifier_id",lower("title"));--> statement-breakpoint-- Search (decisions §6): PostgreSQL's own full-text search and trigrams, on PGlite and PostgreSQL alike. Both
-- extensions are trusted, so the database's owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
-- Case and accents folded away: électrovanne and Electrovanne are one word. unaccent() is only STABLE (its
-- dictionary could be changed); naming the dictionary makes the result fixed, so it may be IMMUTABLE, which an index
-- needs. Every name is schema-qualified: an index is also computed under another search_path (a restore).
CREATE FUNCTION "reqloom_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- The words of sanitised rich text: tags become spaces, the entities the sanitiser writes become their characters.
CREATE FUNCTION "reqloom_plain"(html text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT replace(replace(replace(replace(replace(replace(
    regexp_replace(html, '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&') $$;--> statement-breakpoint
-- What a search matches: the name (weight A, it ranks higher) and the description's words (weight D). The 'simple'
-- configuration keeps every word as written (no stemming, no stop words): descriptions are in any language.
CREATE FUNCTION "reqloom_search_vector"(name text, description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('pg_catalog.simple'::regconfig, public.reqloom_fold(coalesce(name, ''))), 'A')
    || setweight(to_tsvector('pg_catalog.simple'::regconfig,
         public.reqloom_fold(public.reqloom_plain(coalesce(description, '')))), 'D') $$;--> statement-breakpoint
-- Expression indexes, kept up to date by every write, and nothing added to the rows that every read carries.
CREATE INDEX "requirements_search_idx" ON "requirements" USING gin (public.reqloom_search_vector(name, description));--> statement-breakpoint
CREATE INDEX "requirements_name_trgm_idx" ON "requirements" USING gin (public.reqloom_fold(name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_search_idx" ON "categories" USING gin (public.reqloom_search_vector(name, description));--> statement-breakpoint
CREATE INDEX "categories_name_trgm_idx" ON "categories" USING gin (public.reqloom_fold(name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin (public.reqloom_search_vector(name, description));--> statement-breakpoint
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin (public.reqloom_fold(name) gin_trgm_ops);
