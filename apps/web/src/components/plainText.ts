/** The text of sanitised HTML without its markup, for one-line summaries (the dashboard's descriptions). */
export function plainText(html: string): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  // Block ends become spaces, so that "<p>a</p><p>b</p>" reads "a b", not "ab".
  for (const block of parsed.body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, td, th, br, pre, blockquote')) {
    block.append(' ');
  }
  return (parsed.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
