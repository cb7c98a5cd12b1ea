import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { and, eq, like } from 'drizzle-orm';
import { attachmentUrl, createCategoryBody, createClassifierBody, TAG_COLORS } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { categories, users } from '../../db/schema';
import { storeAttachment } from '../../modules/attachments/attachments.service';
import { findUserByEmail } from '../../modules/auth/auth.service';
import type { User } from '../../core/identity';
import { createCategory } from '../../modules/working-area/categories/categories.service';
import { createClassifier } from '../../modules/classifiers/classifiers.service';
import { createComment } from '../../modules/comments/comments.service';
import { createDocument } from '../../modules/working-area/documents/documents.service';
import { createProject } from '../../modules/projects/projects.service';
import { createRequirement, updateRequirement } from '../../modules/working-area/requirements/requirements.service';
import { createConfirmedUser } from '../../modules/user/user-admin.service';
import type { ProjectRow } from '../../policies/project-access';
import { findProject } from '../../policies/project-access';
import { runWork, type Work } from '../../core/work';
import {
  DEMO_COMMENTS,
  DEMO_DOCUMENTS,
  DEMO_PROJECT,
  DEMO_STALE_CHANGE,
  DEMO_TEST,
  type DemoCategory,
  type DemoRequirement,
} from './demo-project';

export const DEMO_EMAIL = 'demo@example.com';

export type SeedResult =
  | { ok: true; email: string; password: string; username: string; projectId: number; requirements: number }
  | { ok: false; message: string };

/** A password that is easy to type from the terminal: four groups of four letters and digits. */
function demoPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** The diagram of the demo: three bars (day, night, pre-dawn set points) on white, as a PNG. */
function demoDiagram(): Buffer {
  const width = 120;
  const height = 60;
  const bars = [
    { from: 10, to: 40, top: 8, rgb: [0xe8, 0x59, 0x0c] },
    { from: 45, to: 75, top: 24, rgb: [0x1c, 0x7e, 0xd6] },
    { from: 80, to: 110, top: 32, rgb: [0x7b, 0x4d, 0xd8] },
  ];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0;
    for (const bar of bars)
      if (y >= bar.top && y < height - 4) for (let x = bar.from; x < bar.to; x++) row.set(bar.rgb, 1 + x * 3);
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function freeUsername(work: Work, email: string): Promise<string> {
  const base =
    email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '')
      .replace(/^[^a-z0-9]+/, '')
      .slice(0, 24) || 'demo';
  const stem = base.length >= 3 ? base : `${base}-demo`;
  const taken = new Set(
    (
      await work.tx
        .select({ u: users.username })
        .from(users)
        .where(like(users.username, `${stem}%`))
    ).map((r) => r.u),
  );
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? stem : `${stem}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * `seed:demo [email]` (decisions §17): a confirmed demo user and the sample project of demo-project.ts, made by the
 * services the API uses (reference numbers, revisions, search vectors and events as a person's clicks make them),
 * in one unit of work: it is there whole or not at all. Refused when the e-mail has an account already.
 */
export async function seedDemo(
  app: AppContext,
  options: { email?: string; password?: string } = {},
): Promise<SeedResult> {
  const email = (options.email ?? DEMO_EMAIL).trim().toLowerCase();
  if (await findUserByEmail(app.db, email))
    return {
      ok: false,
      message:
        `A user with the e-mail ${email} exists already: nothing was done. Log in with that account, or make ` +
        'another demo: npm run reqloom -- seed:demo another@example.com',
    };
  const password = options.password ?? demoPassword();
  return runWork(app, { actor: { type: 'cli' } }, async (work) => {
    const username = await freeUsername(work, email);
    const created = await createConfirmedUser(work.tx, { name: 'Demo User', username, email, password });
    if ('errors' in created)
      return {
        ok: false as const,
        message: Object.entries(created.errors)
          .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
          .join('\n'),
      };
    const [user] = await work.tx.select().from(users).where(eq(users.id, created.id));
    const { id: projectId } = await createProject(work, user!, { ...DEMO_PROJECT, group_id: null });
    const project = (await findProject(work.tx, projectId))!;
    const requirements = await seedDocuments(work, user!, project);
    return { ok: true as const, email, password, username, projectId, requirements };
  });
}

async function seedDocuments(work: Work, user: User, project: ProjectRow): Promise<number> {
  const documentIds = new Map<string, number>();
  const requirementIds = new Map<string, number>();
  const tagIds = new Map<string, number>();
  const planned: { requirement: DemoRequirement; id: number; documentKey: string }[] = [];
  const image = await storeAttachment(work, project, user.id, {
    type: 'png',
    data: demoDiagram(),
    originalName: 'set-points.png',
  });
  const imageHtml = `<img src="${attachmentUrl(image.fileName)}" alt="Set points by period of the day">`;

  for (const doc of DEMO_DOCUMENTS) {
    const { document } = await createDocument(work, project, {
      project_id: project.id,
      name: doc.name,
      acronym: doc.acronym,
      description: doc.description,
      parents_id: doc.parents.map((key) => documentIds.get(key)!),
    });
    documentIds.set(doc.key, document.id);
    for (const [c, classifier] of doc.classifiers.entries()) {
      const made = await createClassifier(
        work,
        project,
        createClassifierBody.parse({
          document_id: document.id,
          name: classifier.name,
          multiselect: classifier.multiselect,
          tags: classifier.tags.map((title, t) => ({ title, color: TAG_COLORS[(c * 3 + t) % TAG_COLORS.length] })),
        }),
      );
      for (const tag of made.tags) tagIds.set(`${doc.key}:${tag.title}`, tag.id);
    }
    const seedCategory = async (category: DemoCategory, parentId: number | null) => {
      const made = await createCategory(
        work,
        project,
        createCategoryBody.parse({
          document_id: document.id,
          parent_id: parentId,
          name: category.name,
          acronym: category.acronym,
          description: category.description ?? '',
        }),
      );
      for (const requirement of category.requirements) {
        const { id } = await createRequirement(work, user, project, {
          document_id: document.id,
          category_id: made.id,
          name: requirement.name,
          description: requirement.description.replace('{image}', imageHtml),
          status: requirement.status,
        });
        requirementIds.set(requirement.key, id);
        planned.push({ requirement, id, documentKey: doc.key });
      }
      for (const child of category.categories ?? []) await seedCategory(child, made.id);
    };
    for (const category of doc.categories) await seedCategory(category, null);
  }

  // Links and tags once every requirement exists; they make no revision and keep updated_at.
  for (const { requirement, id, documentKey } of planned) {
    const parents = (requirement.parents ?? []).map((key) => requirementIds.get(key)!);
    const tags = (requirement.tags ?? []).map((title) => {
      const tagId = tagIds.get(`${documentKey}:${title}`);
      if (tagId === undefined) throw new Error(`demo: no tag ${title} in ${documentKey}`);
      return tagId;
    });
    if (parents.length || tags.length)
      await updateRequirement(work, user, project, id, {
        ...(parents.length ? { parents_id: parents } : {}),
        ...(tags.length ? { tags_id: tags } : {}),
      });
  }
  await seedTest(work, user, project, documentIds.get('SW')!, requirementIds.get(DEMO_TEST.parent)!);
  // A parent changed after its links: a revision, and stale links to its children.
  await updateRequirement(work, user, project, requirementIds.get(DEMO_STALE_CHANGE.key)!, {
    description: DEMO_STALE_CHANGE.description,
  });
  for (const comment of DEMO_COMMENTS) {
    const target =
      comment.on === 'project'
        ? { type: 'project' as const, id: project.id }
        : comment.on.startsWith('doc:')
          ? { type: 'document' as const, id: documentIds.get(comment.on.slice(4))! }
          : { type: 'requirement' as const, id: requirementIds.get(comment.on)! };
    await createComment(work, user, project, target, comment.content);
  }
  return planned.length;
}

/**
 * The demo's test. Tests are an alpha feature and the demo user has no flag (an administrator gives it with
 * `user:alpha`), so the command, which acts for the administrator, makes it as an alpha user would.
 */
async function seedTest(work: Work, user: User, project: ProjectRow, documentId: number, parentId: number) {
  const [category] = await work.tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.documentId, documentId), eq(categories.acronym, DEMO_TEST.category)));
  const { id } = await createRequirement(work, { ...user, alpha: true }, project, {
    document_id: documentId,
    category_id: category?.id ?? null,
    name: DEMO_TEST.name,
    description: DEMO_TEST.description,
    type: 'test',
    initialConditions: DEMO_TEST.initialConditions,
    steps: DEMO_TEST.steps.map((s, i) => ({ step: i + 1, ...s, status: null, observation: '' })),
  });
  await updateRequirement(work, { ...user, alpha: true }, project, id, { parents_id: [parentId] });
}
