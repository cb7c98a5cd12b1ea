// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { i18n, initI18n, setLanguage } from '../../i18n/i18n';
import { actorLabel } from './auditActor';
import { changeLines, changeLineText, formatAuditValue } from './auditChanges';
import { entrySubPath } from './entryLink';

// How the History view words an entry (decisions §21): its change as before → after, its actor, where it leads.

let t: TFunction;
beforeAll(async () => {
  await initI18n();
  await setLanguage('en', false);
  t = i18n.t.bind(i18n);
});

const texts = (changes: Parameters<typeof changeLines>[0]) =>
  changeLines(changes, t).map((line) => changeLineText(line, t));

describe('the change of an entry', () => {
  it('shows each changed field as before → after, with known fields and values in words', () => {
    expect(texts({ role: { old: 'editor', new: 'maintainer' } })).toEqual(['Role: Editor → Maintainer']);
    expect(texts({ name: { old: 'Speed', new: 'Ground speed' }, status: { old: 0, new: 2 } })).toEqual([
      'Name: Speed → Ground speed',
      'Status: Draft → Reviewed',
    ]);
  });

  it('shows the new values of a creation and the old ones of a deletion', () => {
    expect(changeLines({ name: { new: 'Speed' } }, t)).toEqual([{ field: 'name', label: 'Name', after: 'Speed' }]);
    expect(changeLines({ role: { old: 'viewer' } }, t)).toEqual([{ field: 'role', label: 'Role', before: 'Viewer' }]);
  });

  it('says only that rich text was edited, never its content', () => {
    expect(changeLines({ description: { changed: true } }, t)).toEqual([
      { field: 'description', label: 'Description', edited: true },
    ]);
    expect(texts({ description: { changed: true } })).toEqual(['Description: text edited']);
  });

  it('joins lists, shows nothing as a dash, and an unknown field by its key', () => {
    expect(texts({ parents_id: { old: [], new: [3, 4] } })).toEqual(['Parents: — → 3, 4']);
    expect(texts({ category_id: { old: 5, new: null } })).toEqual(['Category: 5 → —']);
    expect(texts({ weight_kg: { old: 1, new: true } })).toEqual(['weight_kg: 1 → yes']);
  });

  it("leaves a link's ends to its element, and names a category's parent and a document's parents", () => {
    const link = { parent_id: { new: 7 }, child_id: { new: 8 } };
    expect(changeLines(link, t, 'link')).toEqual([]);
    const comment = { commentable_type: { new: 'requirement' }, commentable_id: { new: 8 } };
    expect(changeLines(comment, t, 'comment')).toEqual([]);
    expect(changeLines(comment, t, 'requirement')).toHaveLength(2);
    expect(texts({ parent_id: { old: null, new: 6 } })).toEqual(['Parent category: — → 6']);
    expect(texts({ parents: { old: [1], new: [1, 3] } })).toEqual(['Parent documents: 1 → 1, 3']);
    expect(texts({ requirements_moved_to_root: { old: 12 } })).toEqual([
      "Requirements moved to the document's root: 12",
    ]);
  });

  it("words an export's filters by their names and values", () => {
    expect(formatAuditValue('filters', { action: 'member_role_changed', entity_type: 'member' }, t)).toBe(
      'Action: Role changed; Kind of element: Member',
    );
    expect(formatAuditValue('filters', {}, t)).toBe('—');
  });

  it('is in French when the reader reads French', async () => {
    await setLanguage('fr', false);
    try {
      expect(texts({ role: { old: 'editor', new: 'maintainer' }, description: { changed: true } })).toEqual([
        'Rôle : Rédacteur → Responsable',
        'Description : texte modifié',
      ]);
    } finally {
      await setLanguage('en', false);
    }
  });
});

describe('the actor of an entry', () => {
  it('names a user, a token with its owner, and the command line', () => {
    expect(actorLabel({ type: 'user', id: 1, name: 'Ada', token_name: null }, t)).toBe('Ada');
    expect(actorLabel({ type: 'token', id: 1, name: 'Ada', token_name: 'CI robot' }, t)).toBe('Ada (token: CI robot)');
    expect(actorLabel({ type: 'cli', id: null, name: 'command line (root)', token_name: null }, t)).toBe(
      'Command line',
    );
  });
});

describe('where an entry leads', () => {
  const entry = (
    entity_type: string,
    action = 'updated',
    entity_id: number | null = 9,
    document_id: number | null = 4,
  ) => ({ entity_type, action, entity_id, document_id }) as Parameters<typeof entrySubPath>[0];

  it('opens a working-area element in its detailed view, a member in the settings, the project on its overview', () => {
    expect(entrySubPath(entry('requirement'))).toBe('detailed/requirement/9');
    expect(entrySubPath(entry('document', 'created', 4, 4))).toBe('detailed/document/4');
    expect(entrySubPath(entry('category'))).toBe('detailed/category/9');
    expect(entrySubPath(entry('member', 'member_role_changed', 2, null))).toBe('settings#settings-members');
    expect(entrySubPath(entry('project', 'exported', 7, null))).toBe('');
    expect(entrySubPath(entry('link', 'linked'))).toBe('detailed/document/4');
  });

  it('leads a deleted requirement to its document, and nothing else that is gone anywhere', () => {
    expect(entrySubPath(entry('requirement', 'deleted'))).toBe('detailed/document/4');
    expect(entrySubPath(entry('document', 'deleted', 4, null))).toBeNull();
    expect(entrySubPath(entry('member', 'member_removed', 2, null))).toBeNull();
    expect(entrySubPath(entry('tag', 'updated', 3, null))).toBeNull();
  });
});
