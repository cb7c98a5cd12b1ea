import { z } from 'zod';
import { documentPresented } from './documents';

/** A file to import may be this large (decisions §14); beyond, 413. */
export const IMPORT_LIMIT_BYTES = 20 * 1024 * 1024;
/** How long an export's download link works, once (decisions §6). */
export const DOWNLOAD_LINK_TTL_MS = 10 * 60 * 1000;

/** GET documents/exportmsword/{id} and documents/exportreqif/{id}: a one-time link to the file. */
export const exportLinkAnswer = z.object({ url: z.string() });
export type ExportLinkAnswer = z.infer<typeof exportLinkAnswer>;

/** The fields of an import's multipart form besides its `file`. */
export const importFields = z.object({ project_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** What an import made, and what it left out and why (decisions §14). */
export const importReport = z.object({
  created: z.object({
    documents: z.number(),
    categories: z.number(),
    requirements: z.number(),
    links: z.number(),
    images: z.number(),
    classifiers: z.number(),
    tags: z.number(),
  }),
  skipped: z.array(z.object({ what: z.string(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReport>;

export const importAnswer = z.object({
  data: z.object({ documents: z.array(documentPresented), report: importReport }),
  projectDocuments: z.array(documentPresented),
});
export type ImportAnswer = z.infer<typeof importAnswer>;
