// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { DocumentApprovalPresented } from '@reqloom/domain';
import { answer, openPage, settle, type Page } from '../../../test/page';
import { ProjectContext } from '../../projects/ProjectContext';
import { projectFixture } from '../../projects/projectFixture';
import { DocumentApprovalBanner } from './DocumentApprovalBanner';

// The document view's last approved baseline (decisions §23): named with its review and day, and whether the
// document changed since; nothing without an approval.

const approved = (changed: boolean): DocumentApprovalPresented => ({
  document_id: 5,
  approval: {
    review: { id: 4, title: 'Release 1' },
    baseline: { id: 11, name: 'Release 1', created_at: '2026-03-03T10:00:00Z' },
    approved_at: '2026-03-04T10:00:00Z',
    content_hash: 'ab'.repeat(32),
  },
  changed_since: changed,
});

let page: Page;
afterEach(() => page.close());

async function show(body: DocumentApprovalPresented, requirementsAt = 1) {
  page = await openPage((call) =>
    call.url.endsWith('/documents/approval/5') ? answer(200, { data: body }) : answer(404, {}),
  );
  const project = projectFixture();
  const render = (at: number) =>
    page.render(
      <ProjectContext value={{ project, settings: project.settings }}>
        <MemoryRouter>
          <DocumentApprovalBanner documentId={5} requirementsAt={at} />
        </MemoryRouter>
      </ProjectContext>,
    );
  render(requirementsAt);
  for (let turn = 0; turn < 5; turn++) await settle();
  return render;
}

const banner = () => document.querySelector('[data-testid="document-approval"]');

describe('the last approved baseline of a document', () => {
  it('names the review, links to it, and says the document has not changed since', async () => {
    await show(approved(false));
    expect(banner()?.textContent).toMatch(
      /^Approved in the review “Release 1” on Mar 4, 2026.*; the document has not changed since\.$/,
    );
    expect(banner()?.querySelector('a')?.getAttribute('href')).toBe('/project/ada/engine/reviews/4');
  });

  it('says when the document changed since, and reads it again when the requirements change', async () => {
    const render = await show(approved(true));
    expect(banner()?.textContent).toContain('the document has changed since.');
    const asked = () => page.sent.filter((call) => call.url.endsWith('/documents/approval/5')).length;
    expect(asked()).toBe(1);
    render(2);
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(asked()).toBe(2);
  });

  it('shows nothing without an approval', async () => {
    await show({ document_id: 5, approval: null, changed_since: false });
    expect(banner()).toBeNull();
  });
});
