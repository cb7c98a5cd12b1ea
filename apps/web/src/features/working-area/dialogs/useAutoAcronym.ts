import { useState } from 'react';
import { acronymFrom } from '@reqloom/domain';
import { useProject } from '../../projects/useProject';

/**
 * The acronym follows the name (the domain rule, honouring the project's small-word setting and size, and never one
 * of `taken`: the acronyms of the project's other documents, or of the category's siblings) until the person edits
 * it; in edit mode it is already the person's own.
 */
export function useAutoAcronym(editing: boolean, taken: readonly string[]) {
  const { settings } = useProject();
  const [touched, setTouched] = useState(editing);
  const fromName = (name: string) =>
    acronymFrom(name, {
      ignoreSmallWords: settings.autoAcronymIgnoreSmallWords,
      maxSize: settings.acronymMaxSize,
      taken,
    });
  return {
    maxSize: settings.acronymMaxSize,
    /** The acronym to set when the name changes, or null to leave it. */
    onName: (name: string) => (touched ? null : fromName(name)),
    /** Called when the person types in the acronym: it is theirs from now on, upper-cased as they type. */
    onTyped: (value: string) => {
      setTouched(true);
      return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
    },
  };
}
