import type { SuspectLinkPresented } from '@reqloom/domain';

/** A parent whose change made some of its links suspect, with those links, in the order the server gave them. */
export type SuspectGroup = {
  parent: SuspectLinkPresented['parent'];
  links: SuspectLinkPresented[];
};

/** A link as the validation names it, and as the view's selection keeps it. */
export const linkKey = (link: { parent: { id: number }; child: { id: number } }) =>
  `${link.parent.id}:${link.child.id}`;

/**
 * Groups suspect links by parent, newest change first (the server's order). Links of one parent share its current
 * state but not always its state "before": each shows the parent as it was when that link was last up to date.
 */
export function groupByParent(links: SuspectLinkPresented[]): SuspectGroup[] {
  const groups = new Map<number, SuspectGroup>();
  for (const link of links) {
    const group = groups.get(link.parent.id);
    if (group) group.links.push(link);
    else groups.set(link.parent.id, { parent: link.parent, links: [link] });
  }
  return [...groups.values()];
}

/** Whether two links show the same change of their parent (one diff is then drawn for both). */
export function sameChange(a: SuspectLinkPresented, b: SuspectLinkPresented): boolean {
  return JSON.stringify(a.changes) === JSON.stringify(b.changes);
}
