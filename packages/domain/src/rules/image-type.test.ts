import { describe, expect, it } from 'vitest';
import { attachmentUrl, isAttachmentUrl } from './attachment-path';
import { sniffImageType } from './image-type';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImageType', () => {
  it.each([
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [36, 0, 0, 0], 'WEBPVP8 ')],
  ])('recognises %s by its first bytes', (type, data) => {
    expect(sniffImageType(data)).toBe(type);
  });

  it.each([
    ['text', bytes('hello, world')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['SVG with an XML declaration', bytes('<?xml version="1.0"?><svg/>')],
    ['PDF', bytes('%PDF-1.7')],
    ['an empty file', bytes()],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['a RIFF that is not WebP', bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt ')],
  ])('refuses %s', (_, data) => {
    expect(sniffImageType(data)).toBeNull();
  });
});

describe('isAttachmentUrl', () => {
  const name = 'abcdefghijklmnopqrstuvwxyz012345_-AB.png';
  it('accepts our own path and nothing else', () => {
    expect(isAttachmentUrl(attachmentUrl(name))).toBe(true);
    for (const src of [
      `https://evil.example${attachmentUrl(name)}`,
      `//evil.example${attachmentUrl(name)}`,
      `${attachmentUrl(name)}?x=1`,
      '/api/attachments/../auth/logout',
      '/api/attachments/short.png',
      `/api/attachments/${name.replace('.png', '.svg')}`,
      `/API/attachments/${name}`,
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
    ])
      expect(isAttachmentUrl(src), src).toBe(false);
  });
});
