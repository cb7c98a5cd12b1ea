import { describe, expect, it } from 'vitest';
import { TAG_COLORS, type TagColor } from '@reqloom/domain';
import type { TFunction } from 'i18next';
import { classifierBody, classifierErrors, classifierFormErrors, type ClassifierFormValues } from './classifierForm';

const t = ((key: string) => key) as unknown as TFunction;
const row = (title: string, color: TagColor = TAG_COLORS[0]) => ({ key: title, title, color });
const values = (over: Partial<ClassifierFormValues> = {}): ClassifierFormValues => ({
  name: ' Priority ',
  multiselect: false,
  tags: [row(' High '), row(''), row('Low', TAG_COLORS[5])],
  ...over,
});

describe('the new-classifier dialog', () => {
  it('sends the name and titles trimmed, leaves empty rows out, keeps multiselect as set', () => {
    expect(classifierBody(4, values())).toEqual({
      document_id: 4,
      name: 'Priority',
      multiselect: false,
      tags: [
        { title: 'High', color: TAG_COLORS[0] },
        { title: 'Low', color: TAG_COLORS[5] },
      ],
    });
    expect(classifierBody(4, values({ tags: [row('  ')] })).tags).toEqual([]);
  });

  it('wants a name, and titles unique whatever their case', () => {
    expect(classifierFormErrors(values(), t)).toEqual({});
    expect(classifierFormErrors(values({ name: '  ', tags: [row('High'), row(''), row('high ')] }), t)).toEqual({
      name: 'tags.nameRequired',
      'tags.2.title': 'tags.titleTaken',
    });
  });

  it('puts the server’s errors of the tags sent under the rows they came from', () => {
    const placed = classifierErrors(
      { name: ['Too long.'], 'tags.1.title': ['Taken.', 'Taken.'], document_id: ['Not yours.'] },
      values(),
    );
    // Sent tag 1 is the form's row 2: row 1 was empty and not sent.
    expect(placed).toEqual({ fields: { name: 'Too long.', 'tags.2.title': 'Taken.' }, other: 'Not yours.' });
    expect(classifierErrors({}, values())).toEqual({ fields: {}, other: null });
  });
});
