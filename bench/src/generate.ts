import { sql } from 'drizzle-orm';
import type { Db } from '@reqloom/server/src/db/client';
import {
  categories,
  documentLinks,
  documents,
  projects,
  projectUsers,
  requirementLinks,
  requirements,
} from '@reqloom/server/src/db/schema';

export type Shape = {
  documents: number;
  requirementsPerDocument: number;
  categoriesPerDocument: number;
  links: number;
};
export const FULL: Shape = { documents: 20, requirementsPerDocument: 1000, categoriesPerDocument: 20, links: 20_000 };

/** Deterministic pseudo-random numbers, so that every run measures the same data. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * A project of `shape.documents` documents chained parent to child (each document the child of the one
 * before), with categories two levels deep, requirements spread over them, and links between the
 * requirements of consecutive documents. Written straight to the database: generating through the API
 * would measure the generator, not the reads.
 */
export async function generateProject(db: Db, ownerId: number, shape: Shape) {
  const random = rng(42);
  const [project] = await db
    .insert(projects)
    .values({
      ownerType: 'user',
      ownerId,
      name: 'Benchmark',
      acronym: 'BEN',
      slug: `bench-${Date.now()}`,
      joinToken: 'x',
      settings: {},
    })
    .returning();
  await db.insert(projectUsers).values({ projectId: project!.id, userId: ownerId });
  const docIds: number[] = [];
  const requirementIds: number[][] = [];
  const description =
    '<p>The system shall respond to every command within the allotted time, and report any failure to the operator.</p>';
  for (let d = 0; d < shape.documents; d++) {
    const [doc] = await db
      .insert(documents)
      .values({
        projectId: project!.id,
        name: `Document ${String(d).padStart(2, '0')}`,
        acronym: `D${d}`,
        nextReferenceNumber: shape.requirementsPerDocument + 1,
      })
      .returning();
    docIds.push(doc!.id);
    if (d > 0) await db.insert(documentLinks).values({ parentId: docIds[d - 1]!, childId: doc!.id });
    const catIds: number[] = [];
    for (let c = 0; c < shape.categoriesPerDocument; c++) {
      const parentId = c % 4 === 0 || catIds.length === 0 ? null : catIds[catIds.length - (c % 4)]!;
      const [cat] = await db
        .insert(categories)
        .values({ documentId: doc!.id, parentId, name: `Category ${c}`, acronym: `C${c}`, position: c })
        .returning({ id: categories.id });
      catIds.push(cat!.id);
    }
    const rows = Array.from({ length: shape.requirementsPerDocument }, (_, i) => ({
      documentId: doc!.id,
      categoryId: i % 10 === 0 ? null : catIds[Math.floor(random() * catIds.length)]!,
      authorId: ownerId,
      updatedBy: ownerId,
      referenceNumber: i + 1,
      name: `Requirement ${d}.${i}: response time of command ${i}`,
      description,
      status: i % 4,
      position: i,
    }));
    const ids: number[] = [];
    await insertChunked(rows, async (chunk) => {
      const inserted = await db.insert(requirements).values(chunk).returning({ id: requirements.id });
      ids.push(...inserted.map((r) => r.id));
    });
    requirementIds.push(ids);
  }
  const links = new Map<string, { parentId: number; childId: number; projectId: number }>();
  let attempts = 0;
  while (links.size < shape.links && attempts++ < shape.links * 3) {
    const d = 1 + Math.floor(random() * (shape.documents - 1));
    const child = requirementIds[d]![Math.floor(random() * shape.requirementsPerDocument)]!;
    const parent = requirementIds[d - 1]![Math.floor(random() * shape.requirementsPerDocument)]!;
    links.set(`${parent}:${child}`, { parentId: parent, childId: child, projectId: project!.id });
  }
  await insertChunked([...links.values()], (chunk) => db.insert(requirementLinks).values(chunk));
  await db.execute(sql`analyze`);
  return { projectId: project!.id, documentIds: docIds, requirementIds };
}
