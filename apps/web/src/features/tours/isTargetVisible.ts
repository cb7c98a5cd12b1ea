/** Whether the element a selector finds is on the page and takes up room (a hidden or collapsed one does not). */
export function isTargetVisible(selector: string, root: ParentNode = document): boolean {
  const element = root.querySelector(selector);
  if (!element) return false;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  return getComputedStyle(element).visibility !== 'hidden';
}
