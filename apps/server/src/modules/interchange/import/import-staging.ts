import { and, eq, lt } from 'drizzle-orm';
import { lockProject } from '../../../db/locks';
import { attachments, documents, projects, requirementLinks } from '../../../db/schema';
import type { ProjectRow } from '../../../policies/project-access';
import { randomToken } from '../../../security/tokens';
import type { Work } from '../../../work';

/**
 * Where an import is written before anyone sees it. A large import is stored in many short transactions, so that
 * on PGlite (one connection for the whole server) other requests run between them instead of waiting for the
 * whole file. Until the last one, the new documents belong to a staging project: owner kind 'import', owned by
 * the project they go to, member of nothing. Every route reaches a project through its members, so nobody can
 * see or change a half-written import; publishing moves the documents, their images and their links over in one
 * short transaction, and a failure deletes the staging project and everything in it (by cascade).
 */

/** An import's staging project older than this was left by a process that died mid-import: it is deleted. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export async function openStaging(work: Work, project: ProjectRow): Promise<ProjectRow> {
  const { tx } = work;
  await tx
    .delete(projects)
    .where(and(eq(projects.ownerType, 'import'), lt(projects.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS))));
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
