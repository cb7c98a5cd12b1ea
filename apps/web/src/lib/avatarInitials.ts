/** At most two letters fit the avatar: the first and last initials of a longer name ("GBH" → "GH"). */
export function avatarInitials(initials: string): string {
  const letters = Array.from(initials);
  return letters.length <= 2 ? initials : `${letters[0]}${letters.at(-1)}`;
}
