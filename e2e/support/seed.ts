import type { BrowserContext } from '@playwright/test';
import { apiCall } from './users';

/** The `data` of an API answer. */
export async function data<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  return ((await (await response).json()) as { data: T }).data;
}

export interface SeedNames {
  project: string;
  parentDocument: string;
  childDocument: string;
  category: string;
  requirement: string;
}

export interface SeededProject {
  project: { id: number; namespace: string; slug: string; join_token: string };
  group: { id: number; slug: string; join_token: string };
  parentDocument: number;
  childDocument: number;
  category: number;
  /** In the category of the parent document, with one child requirement linked to it and up to date. */
  requirement: number;
  /** In the child document, linked to `requirement` (up to date). */
  linkedChild: number;
  /** In the child document; its link to its parent went stale. */
  staleChild: number;
  /** The project's address, to which the views' paths are added. */
  base: string;
}

const defaultNames: SeedNames = {
  project: 'Flight Display',
  parentDocument: 'System Requirements',
  childDocument: 'Software Design',
  category: 'Interface',
  requirement: 'The screen shall show the speed',
};

/**
 * Through the API, as the context's user: a group, and a project with two documents (the second a child of the
 * first), a category, requirements in and out of it, an up-to-date link and a stale one.
 */
export async function seedProject(
  context: BrowserContext,
  stamp: string,
  names: Partial<SeedNames> = {},
): Promise<SeededProject> {
  const n = { ...defaultNames, ...names };
  const group = await data<SeededProject['group']>(
    apiCall(context, 'POST', 'groups', { name: 'Avionics Team', slug: `avionics-${stamp}`, description: '' }),
  );
  const project = await data<SeededProject['project']>(
    apiCall(context, 'POST', 'projects', {
      name: n.project,
      acronym: 'FD',
      slug: `flight-${stamp}`,
      group_id: null,
      description: '<p>Cockpit display of the speed and altitude.</p>',
    }),
  );
  const document = (name: string, acronym: string, parents: number[]) =>
    data<{ id: number }>(
      apiCall(context, 'POST', 'documents', {
        project_id: project.id,
        name,
        acronym,
        description: '<p>What the system shall do.</p>',
        parents_id: parents,
      }),
    );
  const parentDocument = await document(n.parentDocument, 'SR', []);
  const childDocument = await document(n.childDocument, 'SD', [parentDocument.id]);
  const category = await data<{ id: number }>(
    apiCall(context, 'POST', 'categories', {
      document_id: parentDocument.id,
      parent_id: null,
      name: n.category,
      acronym: 'I',
      description: '<p>The cockpit interface.</p>',
    }),
  );
  const requirement = (documentId: number, categoryId: number | null, name: string) =>
    data<{ id: number }>(
      apiCall(context, 'POST', 'requirements', {
        document_id: documentId,
        category_id: categoryId,
        name,
        description: `<p>${name}.</p>`,
      }),
    );
  const speed = await requirement(parentDocument.id, category.id, n.requirement);
  const stop = await requirement(parentDocument.id, null, 'The system shall stop safely');
  const widget = await requirement(childDocument.id, null, 'The speed widget renders the speed');
  const halt = await requirement(childDocument.id, null, 'The halt routine stops the motors');
  await apiCall(context, 'PUT', `requirements/${widget.id}`, { parents_id: [speed.id] });
  await apiCall(context, 'PUT', `requirements/${halt.id}`, { parents_id: [stop.id] });
  // The parent changes after the link was made: the link goes stale.
  await apiCall(context, 'PUT', `requirements/${stop.id}`, { name: 'The system shall stop safely within 2 s' });
  return {
    project,
    group,
    parentDocument: parentDocument.id,
    childDocument: childDocument.id,
    category: category.id,
    requirement: speed.id,
    linkedChild: widget.id,
    staleChild: halt.id,
    base: `/project/${project.namespace}/${project.slug}`,
  };
}
