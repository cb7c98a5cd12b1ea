import { describe, expect, it } from 'vitest';
import type { RequirementPresented } from '@reqloom/domain';
import { runWork } from '../../core/work';
import type { ProjectRow } from '../../policies/project-access';
import { useWorkingArea } from '../../test/working-area';
import { createBaseline, SNAPSHOT_ISOLATION } from './baselines.service';

// PostgreSQL only (a write commits from a second connection in the middle of the creation): a baseline reads one
// instant (decisions §22). The write here commits after the creation's first statement and before its snapshot's:
// with the creation's isolation it is not in the baseline at all; read committed would take it.

const s = useWorkingArea();

describe('a baseline’s instant', () => {
  it('is its first statement’s: a create-children committed after it is wholly out', async () => {
    const { t, user, w } = s;
    const project = await w.project();
    const urs = await w.document(project.id, 'URS');
    const srs = await w.document(project.id, 'SRS', [urs.id]);
    const parent: RequirementPresented = await w.requirement(urs.id, 'Parent');
    const baseline = await runWork(
      t.ctx,
      {
        actor: { type: 'user', id: user.id },
        project: { id: project.id, strength: 'key share' },
        isolation: SNAPSHOT_ISOLATION,
      },
      async (work) => {
        // The work's first statement (the project's lock) has fixed its instant; a write commits after it.
        const written = await user.agent.put(`/api/requirements/createchildren/${parent.id}`, {
          children: [
            { document_id: srs.id, category_id: null, name: 'One' },
            { document_id: srs.id, category_id: null, name: 'Two' },
          ],
        });
        expect(written.statusCode).toBe(200);
        return createBaseline(work, project as ProjectRow, { project_id: project.id, name: 'B' }, user.id);
      },
    );
    expect(baseline.counts).toMatchObject({ requirements: 1, links: 0 });
    expect(await w.ok('GET', `/api/baselines/requirements/${baseline.id}?document_id=${srs.id}`)).toEqual([]);
    expect(await w.ok('GET', `/api/documents/requirements/${srs.id}`)).toHaveLength(2);
  });
});
