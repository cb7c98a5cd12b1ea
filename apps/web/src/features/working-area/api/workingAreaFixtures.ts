import { DEFAULT_DOCUMENT_SETTINGS, type CategoryPresented, type RequirementPresented } from '@reqloom/domain';
import type { StructureDocument } from './workingAreaApi';

// Presented entities for the unit tests of the caches (never imported by the app).

export const PROJECT = 7;

export function requirementFixture(id: number, over: Partial<RequirementPresented> = {}): RequirementPresented {
  return {
    id,
    project_id: PROJECT,
    document_id: 1,
    category_id: null,
    author_id: null,
    author: null,
    reference: `D_${id}`,
    reference_number: id,
    name: `R${id}`,
    description: '',
    order: id,
    status: 0,
    type: 'requirement',
    test: false,
    has_comments: false,
    tags: [],
    attributes: {},
    parents: [],
    children: [],
    coverageStatus: 'coveredAndCovering',
    version: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export function categoryFixture(id: number, over: Partial<CategoryPresented> = {}): CategoryPresented {
  return {
    id,
    document_id: 1,
    parent_id: null,
    name: `C${id}`,
    acronym: `C${id}`,
    description: '',
    reference: `C${id}`,
    order: id,
    _lft: id * 2,
    _rgt: id * 2 + 1,
    address: [id],
    depth: 0,
    version: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export function documentFixture(id: number, over: Partial<StructureDocument> = {}): StructureDocument {
  return {
    id,
    project_id: PROJECT,
    name: `Document ${id}`,
    acronym: `D${id}`,
    reference: `D${id}`,
    description: '',
    parents: [],
    children: [],
    settings: DEFAULT_DOCUMENT_SETTINGS,
    requirements_count: 0,
    version: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    categories: [],
    ...over,
  };
}
