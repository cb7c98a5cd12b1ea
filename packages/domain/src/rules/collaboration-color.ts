// Caret colours readable on white with white text on them, picked by user id so that a person keeps one colour
// everywhere: the server puts it in what others receive, the browser in what it draws for its own user.
const COLORS = [
  '#c92a2a',
  '#a61e4d',
  '#862e9c',
  '#5f3dc4',
  '#364fc7',
  '#1864ab',
  '#0b7285',
  '#087f5b',
  '#2b8a3e',
  '#d9480f',
] as const;

export function collaborationColor(userId: number): string {
  return COLORS[Math.abs(Math.trunc(userId)) % COLORS.length]!;
}
