import { sniffImageType } from '@reqloom/domain';
import type { PlannedImage, Skipped } from '../import/import-plan';
import type { DocxPackage } from './docx-package';

// The images and objects the text refers to. An image a browser shows (PNG, JPEG, GIF, WebP, recognised by its
// bytes) goes into the plan once, however often the text shows it; anything else (WMF and EMF drawings, TIFF,
// embedded OLE objects, charts) is reported once, with the reason.

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** What a file that is not a web image is, for the report: the key of its reason (`import.skip.*`). */
function describe(bytes: Uint8Array, path: string): string {
  const u32 = bytes.length >= 4 ? (bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24)) >>> 0 : 0;
  if (
    u32 === 0x9ac6cdd7 ||
    ((bytes[0] === 1 || bytes[0] === 2) && bytes[1] === 0 && bytes[2] === 9 && bytes[3] === 0)
  ) {
    return 'image_wmf';
  }
  if (u32 === 1 && String.fromCharCode(...bytes.subarray(40, 44)) === ' EMF') {
    return 'image_emf';
  }
  void path;
  return 'image_format';
}

export class MediaCollector {
  readonly images: PlannedImage[] = [];
  readonly skipped: Skipped[] = [];
  private readonly keys = new Map<string, string | null>();
  private readonly reported = new Set<string>();

  constructor(private readonly pkg: DocxPackage) {}

  leaveOut(what: string, reason: string): void {
    const key = `${what}\n${reason}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.skipped.push({ what, reason });
  }

  /** The plan's key of the image a relationship points to, or null when it is left out (and reported). */
  image(relId: string | undefined): string | null {
    const rel = relId === undefined ? undefined : this.pkg.rels.get(relId);
    if (!rel) return null;
    if (rel.external) {
      this.leaveOut(`Image ${rel.target}`, 'image_linked');
      return null;
    }
    const known = this.keys.get(rel.target);
    if (known !== undefined) return known;
    const bytes = this.pkg.part(rel.target);
    let key: string | null = null;
    if (!bytes) this.leaveOut(`Image ${rel.target}`, 'object_missing');
    else if (!sniffImageType(bytes)) this.leaveOut(`Image ${rel.target}`, describe(bytes, rel.target));
    else {
      key = `image${this.images.length + 1}`;
      this.images.push({ key, data: bytes, name: baseName(rel.target) });
    }
    this.keys.set(rel.target, key);
    return key;
  }

  /** An embedded (OLE) object: its content cannot be shown, only its preview image. */
  object(relId: string | undefined, progId: string | undefined): void {
    const rel = relId === undefined ? undefined : this.pkg.rels.get(relId);
    const what = `Embedded object ${rel?.target ?? relId ?? ''}${progId ? ` (${progId})` : ''}`.trim();
    this.leaveOut(what, 'embedded_object');
  }
}
