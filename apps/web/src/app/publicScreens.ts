// The account screens reached without a session: the top bar offers the language menu there (spec 1 §2).
const PUBLIC_SCREENS = [
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/forgotpassword\/?$/,
  /^\/resetpassword\//,
  /^\/confirm\//,
];

export function isPublicScreen(pathname: string): boolean {
  return PUBLIC_SCREENS.some((pattern) => pattern.test(pathname));
}
