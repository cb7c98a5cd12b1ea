/**
 * Unread comments (decisions §11): those of other users created after the reader's marker, all of theirs when
 * there is none. The server counts its answer with it, the client its live list.
 */
export function unreadCount(
  comments: ReadonlyArray<{ author_id: number | null; created_at: string }>,
  readAt: string | null,
  readerId: number,
): number {
  const marker = readAt === null ? -Infinity : Date.parse(readAt);
  let count = 0;
  for (const c of comments) if (c.author_id !== readerId && Date.parse(c.created_at) > marker) count += 1;
  return count;
}
