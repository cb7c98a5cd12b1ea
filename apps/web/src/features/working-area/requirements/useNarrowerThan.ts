import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is narrower than `width` pixels, followed as it resizes (the side panel opening, the window):
 * the requirements table folds its classifiers' columns under each requirement below that width. It changes
 * only when the threshold is crossed, so a resize does not draw the table again.
 */
export function useNarrowerThan(ref: RefObject<HTMLElement | null>, width: number): boolean {
  const [narrower, setNarrower] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setNarrower(element.getBoundingClientRect().width < width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, width]);
  return narrower;
}
