// Images are recognised by their first bytes, never by the name or the type a client declares (decisions §6):
// a PNG renamed .txt is a PNG, a text renamed .png is not an image. SVG is text, so it never matches.

export type ImageType = 'png' | 'jpg' | 'gif' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** How many leading bytes `sniffImageType` needs (WebP's RIFF header is the longest). */
export const IMAGE_SNIFF_BYTES = 12;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type the bytes start with, or null for anything else (text, SVG, PDF, an empty file…). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  return null;
}
