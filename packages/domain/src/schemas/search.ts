import { z } from 'zod';

/** Decisions §6 Search: from 3 characters, 1–15 results (15 by default), debounced 250 ms in the client. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_LIMIT_MAX = 15;
export const SEARCH_DEBOUNCE_MS = 250;

export const searchBody = z.object({
  query: z.string().trim().min(SEARCH_MIN_LENGTH).max(SEARCH_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).optional().default(SEARCH_LIMIT_MAX),
});
export type SearchBody = z.infer<typeof searchBody>;

export const SEARCH_MODELS = ['document', 'category', 'requirement'] as const;

/**
 * One found element (spec 2, data model): `extract` is HTML, escaped, with the matched words in `<mark>`;
 * `document_id` lets the client build the link to its detailed view; `document_name` says which document the hit
 * is in (issue 31: hits of two documents look alike otherwise).
 */
export const searchResultPresented = z.object({
  id: z.number(),
  model: z.enum(SEARCH_MODELS),
  document_id: z.number(),
  document_name: z.string(),
  name: z.string(),
  reference: z.string(),
  extract: z.string(),
  updated_at: z.string(),
});
export type SearchResultPresented = z.infer<typeof searchResultPresented>;
