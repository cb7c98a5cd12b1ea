import { useEffect, useRef } from 'react';

interface ResettableForm<V> {
  isDirty: () => boolean;
  setInitialValues: (values: V) => void;
  setValues: (values: V) => void;
}

/**
 * Shows values changed elsewhere (another member, another tab) in a form that nobody is editing; a form with
 * unsaved changes keeps them. `version` says when the values changed (a timestamp, or their JSON).
 */
export function useFollowRemoteValues<V>(form: ResettableForm<V>, values: V, version: string): void {
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    if (form.isDirty()) return;
    form.setInitialValues(values);
    form.setValues(values);
  });
}
