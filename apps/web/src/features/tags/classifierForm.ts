import type { TFunction } from 'i18next';
import type { CreateClassifierBody, TagColor } from '@reqloom/domain';

// The new-classifier dialog's rules, apart from the dialog: what is sent, and where each error goes.

export interface TagDraft {
  /** Stable across edits and removals: React's key, and the focus after adding a row. */
  key: string;
  title: string;
  color: TagColor;
}

export interface ClassifierFormValues {
  name: string;
  multiselect: boolean;
  tags: TagDraft[];
}

/** The rows sent: those with a title, by their index in the form. */
function filledRows(values: ClassifierFormValues): number[] {
  return values.tags.flatMap((tag, index) => (tag.title.trim() ? [index] : []));
}

/** The body of `POST classifiers`: the name and titles trimmed, the empty rows left out. */
export function classifierBody(documentId: number, values: ClassifierFormValues): CreateClassifierBody {
  return {
    document_id: documentId,
    name: values.name.trim(),
    multiselect: values.multiselect,
    tags: filledRows(values).map((index) => ({
      title: values.tags[index]!.title.trim(),
      color: values.tags[index]!.color,
    })),
  };
}

/**
 * What the dialog can say before sending: a name is needed, and two tags of a classifier never share a title
 * (whatever the case: the server refuses it too). Keys are the form's paths (`name`, `tags.2.title`).
 */
export function classifierFormErrors(values: ClassifierFormValues, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = t('tags.nameRequired');
  const seen = new Set<string>();
  for (const index of filledRows(values)) {
    const title = values.tags[index]!.title.trim().toLocaleLowerCase();
    if (seen.has(title)) errors[`tags.${index}.title`] = t('tags.titleTaken');
    seen.add(title);
  }
  return errors;
}

/**
 * Puts the server's field errors under the dialog's fields: `tags.N.title` counts the tags sent, so N is turned
 * back into the row it came from. What no field shows is joined for the alert above the form.
 */
export function classifierErrors(
  errors: Record<string, string[]>,
  values: ClassifierFormValues,
): { fields: Record<string, string>; other: string | null } {
  const rows = filledRows(values);
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const text = [...new Set(messages)].join(' ');
    const tag = /^tags\.(\d+)\.(title|color)$/.exec(key);
    const row = tag ? rows[Number(tag[1])] : undefined;
    if (key === 'name' || key === 'multiselect') fields[key] = text;
    else if (row !== undefined && tag?.[2] === 'title') fields[`tags.${row}.title`] = text;
    else other.push(text);
  }
  return { fields, other: other.length > 0 ? other.join(' ') : null };
}
