import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { lockProject } from '../../../core/locks';
import { attachments, documents, projects, requirementLinks } from '../../../db/schema';
import type { ProjectRow } from '../../../policies/project-access';
import { randomToken } from '../../../security/tokens';
import type { Work } from '../../../core/work';

/**
 * Where an import is written before anyone sees it. A large import is stored in many short transactions, so that
 * on PGlite (one connection for the whole server) other requests run between them instead of waiting for the
 * whole file. Until the last one, the new documents belong to a staging project: owner kind 'import', owned by
 * the project they go to, member of nothing. Every route reaches a project through its members, so nobody can
 * see or change a half-written import; publishing moves the documents, their images and their links over in one
 * short transaction, and a failure deletes the staging project and everything in it (by cascade).
 */

/**
 * Whether a staging project still has a live import behind it is told by its heartbeat: the import touches its
 * `updated_at` as it goes (at most every STAGING_HEARTBEAT_MS, inside a unit of work it runs anyway). One not touched
 * for STAGING_ABANDONED_AFTER_MS was left by a process that died mid-import (a kill, a crash, a lost machine), on this
 * instance or another on the same PostgreSQL: it is deleted. The heartbeat, not the age, so that a long import is
 * never cut short, and the database's clock, so that instances whose clocks differ agree.
 */
export const STAGING_HEARTBEAT_MS = 30 * 1000;
export const STAGING_ABANDONED_AFTER_MS = 5 * 60 * 1000;

/**
 * Deletes the staging projects left by dead processes, and all they hold (by cascade). `all`: every staging
 * project, for a server that holds its database alone (PGlite: one process owns a DATA_DIR, data-dir-lock.ts), where
 * any import it finds at start died with the process before it. Answers how many were deleted.
 */
export async function removeAbandonedStaging(db: Db, { all = false } = {}): Promise<number> {
  const stale = sql`${projects.updatedAt} < now() - ${STAGING_ABANDONED_AFTER_MS} * interval '1 millisecond'`;
  const removed = await db
    .delete(projects)
    .where(all ? eq(projects.ownerType, 'import') : and(eq(projects.ownerType, 'import'), stale))
    .returning({ id: projects.id });
  return removed.length;
}

/**
 * At a server's start, the staging projects of dead processes go (docs/architecture.md, "Interchange"): on a
 * database the server holds alone, all of them; on a shared PostgreSQL, the stale ones now, and once more when one
 * left by a process killed just before this start is stale too. Answers a function that stops the second look.
 */
export async function sweepStagingAtStart(
  db: Db,
  { alone, onError }: { alone: boolean; onError: (error: unknown) => void },
): Promise<() => void> {
  await removeAbandonedStaging(db, { all: alone });
  if (alone) return () => {};
  const timer = setTimeout(
    () => void removeAbandonedStaging(db).catch(onError),
    STAGING_ABANDONED_AFTER_MS + STAGING_HEARTBEAT_MS,
  );
  timer.unref();
  return () => clearTimeout(timer);
}

/** The import behind `staging` is alive: its heartbeat. */
export async function touchStaging(work: Work, staging: ProjectRow): Promise<void> {
  await work.tx
    .update(projects)
    .set({ updatedAt: sql`now()` })
    .where(eq(projects.id, staging.id));
}

export async function openStaging(work: Work, project: ProjectRow): Promise<ProjectRow> {
  const { tx } = work;
  await removeAbandonedStaging(tx);
  const [staging] = await tx
    .insert(projects)
    .values({
      ownerType: 'import',
      ownerId: project.id,
      name: project.name,
      acronym: project.acronym,
      slug: randomToken(),
      joinToken: randomToken(),
      settings: project.settings,
    })
    .returning();
  return staging!;
}

/**
 * Moves what the staging project holds into the project, under the project's lock. A document acronym taken in
 * the meantime by a document created by hand is made unique again with `rename`.
 */
export async function publishStaging(
  work: Work,
  project: ProjectRow,
  staging: ProjectRow,
  rename: (acronym: string, taken: Set<string>) => string,
): Promise<number[]> {
  const { tx } = work;
  await lockProject(tx, project.id);
  const staged = await tx
    .select({ id: documents.id, acronym: documents.acronym })
    .from(documents)
    .where(eq(documents.projectId, staging.id))
    .orderBy(documents.id);
  const existing = await tx
    .select({ acronym: documents.acronym })
    .from(documents)
    .where(eq(documents.projectId, project.id));
  const taken = new Set(existing.map((d) => d.acronym.toUpperCase()));
  // Only the documents whose acronym was taken meanwhile are renamed one by one; all move in one statement (one
  // statement per document held PGlite's only connection, and every request, for seconds on a large file).
  for (const document of staged) {
    const acronym = taken.has(document.acronym) ? rename(document.acronym, taken) : document.acronym;
    taken.add(acronym);
    if (acronym !== document.acronym) await tx.update(documents).set({ acronym }).where(eq(documents.id, document.id));
  }
  await tx.update(documents).set({ projectId: project.id }).where(eq(documents.projectId, staging.id));
  await tx.update(attachments).set({ projectId: project.id }).where(eq(attachments.projectId, staging.id));
  await tx.update(requirementLinks).set({ projectId: project.id }).where(eq(requirementLinks.projectId, staging.id));
  await tx.delete(projects).where(eq(projects.id, staging.id));
  return staged.map((d) => d.id);
}

/** Deletes a staging project and all it holds; never a published project. */
export async function discardStaging(work: Work, staging: ProjectRow): Promise<void> {
  await work.tx.delete(projects).where(and(eq(projects.id, staging.id), eq(projects.ownerType, 'import')));
}

/** For tests: the staging projects that exist now. */
export async function stagingProjects(work: Pick<Work, 'tx'>): Promise<number[]> {
  const rows = await work.tx.select({ id: projects.id }).from(projects).where(eq(projects.ownerType, 'import'));
  return rows.map((r) => r.id);
}
