import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments, documents, projects, requirementLinks, requirements } from '../../../db/schema';
import { RICH_TEXT_ELEMENTS_MAX } from '@reqloom/domain';
import { png } from '../../../test/images';
import { useWorkingArea } from '../../../test/working-area';
import { runWork } from '../../../core/work';
import { projectDocuments } from '../../working-area/documents/documents.service';
import type { ImportPlan } from './import-plan';
import { stagingProjects } from './import-staging';
import { writeImport, type Step } from './import-writer';

const suite = useWorkingArea();

/** Two documents, a link between them, an image and a classifier: every kind of step the writer takes. */
const plan = (): ImportPlan => ({
  documents: [
    {
      name: 'Upper',
      acronym: 'UP',
      classifiers: [{ name: 'Kind', multiselect: false, tags: ['Safety'] }],
      nodes: [
        {
          kind: 'category',
          name: 'Chapter',
          children: [
            {
              kind: 'requirement',
              key: 'a',
              name: 'Parent',
              description: '<p><img src="import-image:i"></p>',
              tags: [{ classifier: 'Kind', tag: 'Safety' }],
            },
          ],
        },
      ],
    },
    {
      name: 'Lower',
      acronym: 'LO',
      classifiers: [],
      nodes: [{ kind: 'requirement', key: 'b', name: 'Child', description: '<p>x</p>' }],
    },
  ],
  links: [{ parent: 'a', child: 'b' }],
  images: [{ key: 'i', data: png(), name: 'i.png' }],
  skipped: [],
});

const projectRow = async (id: number) => (await suite.t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const SOURCE = { file: 'plan.reqif', format: 'reqif' } as const;
const realStep: Step = (fn) => runWork(suite.t.ctx, { actor: { type: 'cli' } }, fn);

describe('writeImport, in short steps through a staging project', () => {
  it('a reader between the steps sees nothing of the import, and all of it once published', async () => {
    const project = await projectRow((await suite.w.project()).id);
    const seen: number[] = [];
    const links: number[] = [];
    const watching: Step = async (fn) => {
      seen.push((await projectDocuments(suite.t.ctx.db, project.id)).length);
      links.push(
        (await suite.t.ctx.db.select().from(requirementLinks).where(eq(requirementLinks.projectId, project.id))).length,
      );
      return realStep(fn);
    };
    const result = await writeImport(watching, project, suite.user.id, plan(), SOURCE);
    // Every step of the import ran while the project still had no document and no link.
    expect(seen.length).toBeGreaterThan(5);
    expect(new Set(seen)).toEqual(new Set([0]));
    expect(new Set(links)).toEqual(new Set([0]));
    expect(result.documents.map((d) => d.name)).toEqual(['Upper', 'Lower']);
    expect(result.report.created).toMatchObject({ documents: 2, requirements: 2, links: 1, images: 1, tags: 1 });
    expect((await projectDocuments(suite.t.ctx.db, project.id)).map((d) => d.name).sort()).toEqual(['Lower', 'Upper']);
    expect(
      (await suite.t.ctx.db.select().from(requirementLinks).where(eq(requirementLinks.projectId, project.id))).length,
    ).toBe(1);
    expect((await suite.t.ctx.db.select().from(attachments).where(eq(attachments.projectId, project.id))).length).toBe(
      1,
    );
    expect(await stagingProjects({ tx: suite.t.ctx.db })).toEqual([]);
    // The parent requirement is readable through the API by a member, with its image served from the project.
    const upper = result.documents[0]!;
    const requirements: { description: string }[] = await suite.w.ok('GET', `/api/documents/requirements/${upper.id}`);
    const src = /src="([^"]+)"/.exec(requirements[0]!.description)![1]!;
    expect((await suite.user.agent.get(src)).statusCode).toBe(200);
  });

  it('a failure at any step leaves nothing behind, staging included', async () => {
    const project = await projectRow((await suite.w.project()).id);
    let total = 0;
    await writeImport(
      (fn) => {
        total += 1;
        return realStep(fn);
      },
      await projectRow((await suite.w.project()).id),
      suite.user.id,
      plan(),
      SOURCE,
    );
    for (let failAt = 1; failAt <= total; failAt++) {
      let calls = 0;
      const failing: Step = (fn) => {
        calls += 1;
        return calls === failAt ? Promise.reject(new Error('the connection dropped')) : realStep(fn);
      };
      await expect(writeImport(failing, project, suite.user.id, plan(), SOURCE)).rejects.toThrow(
        'the connection dropped',
      );
      expect(await projectDocuments(suite.t.ctx.db, project.id)).toEqual([]);
      expect(
        (await suite.t.ctx.db.select().from(attachments).where(eq(attachments.projectId, project.id))).length,
      ).toBe(0);
      expect(await stagingProjects({ tx: suite.t.ctx.db })).toEqual([]);
    }
    expect(total).toBeGreaterThan(5);
  });

  it('a document made by hand meanwhile with the same acronym keeps it; the imported one gets another', async () => {
    const created = await suite.w.project();
    const project = await projectRow(created.id);
    let made = false;
    const racing: Step = async (fn) => {
      if (!made) {
        made = true;
        await suite.w.ok('POST', '/api/documents', { project_id: created.id, name: 'By hand', acronym: 'UP' });
      }
      return realStep(fn);
    };
    const result = await writeImport(racing, project, suite.user.id, plan(), SOURCE);
    const all = await projectDocuments(suite.t.ctx.db, project.id);
    expect(all.find((d) => d.name === 'By hand')!.acronym).toBe('UP');
    expect(result.documents[0]!.acronym).not.toBe('UP');
    expect(new Set(all.map((d) => d.acronym)).size).toBe(all.length);
  });

  // Publishing moved each document by a statement of its own, in the import's last unit of work: a file of 4,000
  // documents held PGlite's only connection, and so every request of the server, for 2.7 s.
  it('publishes the documents in one statement, whatever their number', async () => {
    const created = await suite.w.project();
    await suite.w.ok('POST', '/api/documents', { project_id: created.id, name: 'By hand', acronym: 'D3' });
    const many: ImportPlan = {
      documents: Array.from({ length: 30 }, (_, i) => ({
        name: `Doc ${i}`,
        acronym: `D${i}`,
        classifiers: [],
        nodes: [],
      })),
      links: [],
      images: [],
      skipped: [],
    };
    let updates = 0;
    const counting: Step = (fn) =>
      realStep((work) => {
        const tx = new Proxy(work.tx, {
          get(target, key, receiver) {
            if (key === 'update') updates += 1;
            return Reflect.get(target, key, receiver) as unknown;
          },
        });
        return fn({ ...work, tx });
      });
    const result = await writeImport(counting, await projectRow(created.id), suite.user.id, many, SOURCE);
    expect(result.documents).toHaveLength(30);
    // The documents, their images and their links: one statement each (the acronym taken before was renamed when
    // staged; one taken while the import runs is renamed by itself, see above).
    expect(updates).toBe(3);
    const acronyms = (await projectDocuments(suite.t.ctx.db, created.id)).map((d) => d.acronym);
    expect(new Set(acronyms).size).toBe(31);
  });

  // The links the file could not make joined the report with push(...skipped): 200,000 of them overflowed the call.
  it('reports any number of links it leaves out', async () => {
    const project = await projectRow((await suite.w.project()).id);
    const links = Array.from({ length: 200_000 }, (_, i) => ({ parent: `gone${i}`, child: 'b' }));
    const result = await writeImport(realStep, project, suite.user.id, { ...plan(), images: [], links }, SOURCE);
    expect(result.report.skipped.filter((s) => s.reason === 'link_end_missing')).toHaveLength(200_000);
  });

  // A description over the elements a PUT takes would hold the server when it is opened together or exported.
  it('keeps the first elements of a description over the bound, and says so', async () => {
    const project = await projectRow((await suite.w.project()).id);
    const long = '<p>a</p>'.repeat(RICH_TEXT_ELEMENTS_MAX + 10);
    const documents: ImportPlan['documents'] = [
      {
        name: 'Long',
        acronym: 'LG',
        classifiers: [],
        nodes: [{ kind: 'requirement', key: 'l', name: 'Long one', description: long }],
      },
    ];
    const result = await writeImport(
      realStep,
      project,
      suite.user.id,
      { ...plan(), images: [], links: [], documents },
      SOURCE,
    );
    expect(result.report.skipped).toContainEqual({ what: 'Long one', reason: 'description_cut' });
    const [stored] = await suite.t.ctx.db
      .select({ description: requirements.description })
      .from(requirements)
      .where(eq(requirements.name, 'Long one'));
    expect(stored!.description).toBe('<p>a</p>'.repeat(RICH_TEXT_ELEMENTS_MAX));
  });

  it('an import into a project deleted meanwhile fails with 404 and leaves nothing', async () => {
    const created = await suite.w.project();
    const project = await projectRow(created.id);
    let calls = 0;
    const deleting: Step = async (fn) => {
      if (++calls === 4) await suite.w.ok('DELETE', `/api/projects/${created.id}`);
      return realStep(fn);
    };
    await expect(writeImport(deleting, project, suite.user.id, plan(), SOURCE)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await stagingProjects({ tx: suite.t.ctx.db })).toEqual([]);
    expect((await suite.t.ctx.db.select().from(documents).where(eq(documents.projectId, created.id))).length).toBe(0);
  });
});
