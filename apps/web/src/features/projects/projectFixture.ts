import { DEFAULT_PROJECT_SETTINGS, type ProjectPresented } from '@reqloom/domain';

/** A project as the server presents it, for tests: Engine (EN) of Ada, whose caller is its maintainer. */
export function projectFixture(over: Partial<ProjectPresented> = {}): ProjectPresented {
  return {
    id: 7,
    owner_type: 'user',
    owner_id: 1,
    owner: { type: 'user', id: 1, name: 'Ada', namespace: 'ada' },
    name: 'Engine',
    acronym: 'EN',
    namespace: 'ada',
    slug: 'engine',
    description: '',
    join_token: 'token',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    settings: DEFAULT_PROJECT_SETTINGS,
    members: [],
    members_count: 1,
    documents_count: 0,
    my_role: 'maintainer',
    ...over,
  };
}
