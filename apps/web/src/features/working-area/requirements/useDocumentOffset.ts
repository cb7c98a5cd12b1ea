import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The distance from the top of the page to an element, kept up to date as the page's layout changes (a section
 * above opens, an alert shows): the window virtualiser needs it to know which rows are in sight.
 */
export function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setOffset((previous) => (Math.abs(previous - top) < 0.5 ? previous : top));
    };
    measure();
    // What moves the list moves the page's size too (it sits in the page's flow): one observer covers both.
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}
