import {
  plainText,
  requirementReference,
  searchExtract,
  searchWords,
  type SearchBody,
  type SearchResultPresented,
} from '@reqloom/domain';
import type { Db } from '../../db/client';
import {
  EXTRACT_SOURCE_MAX,
  looksLikeReference,
  referenceHits,
  referencePrefixes,
  textHits,
  type Hit,
  type HitDocument,
} from './search.query';

/**
 * Searches a project (decisions §6): an element whose reference is the query comes first, then the matches by
 * relevance, then by most recent; each with an extract of its name or description around what matched. Tests are
 * among the results only `withTests` (an alpha user's search).
 */
export async function searchProject(
  db: Db,
  projectId: number,
  body: SearchBody,
  withTests: boolean,
): Promise<SearchResultPresented[]> {
  const words = searchWords(body.query);
  const exact = looksLikeReference(body.query) ? await referenceHits(db, projectId, body.query, withTests) : [];
  const found = words.length ? await textHits(db, projectId, words, body.query, body.limit, withTests) : [];
  const seen = new Set(exact.map((h) => `${h.model}:${h.id}`));
  const ranked = found
    .filter((h) => !seen.has(`${h.model}:${h.id}`))
    .sort((a, b) => a.tier - b.tier || b.rank - a.rank || b.updatedAt.getTime() - a.updatedAt.getTime() || a.id - b.id);
  const hits = [...exact, ...ranked].slice(0, body.limit);
  const { documentsById, categoryReferences } = await referencePrefixes(db, hits);
  return hits.map((hit) => present(hit, words, documentsById, categoryReferences));
}

function present(
  hit: Hit,
  words: string[],
  documentsById: Map<number, HitDocument>,
  categoryReferences: Map<number, string>,
): SearchResultPresented {
  const document = documentsById.get(hit.documentId);
  const acronym = document?.acronym ?? '';
  const place = hit.categoryId !== null ? (categoryReferences.get(hit.categoryId) ?? acronym) : acronym;
  const reference =
    hit.model === 'document'
      ? acronym
      : hit.model === 'category'
        ? (categoryReferences.get(hit.id) ?? acronym)
        : requirementReference(place, hit.referenceNumber ?? 0);
  // The description when its start holds a match (the name is shown anyway), else the name. Only its start: a cut
  // tag or entity at the end of it is left out rather than shown as text.
  const cut = hit.description.length >= EXTRACT_SOURCE_MAX;
  const start = cut ? hit.description.slice(0, EXTRACT_SOURCE_MAX).replace(/<[^>]*$|&#?\w*$/, '') : hit.description;
  const fromDescription = words.length > 0 ? searchExtract(plainText(start), words) : '';
  return {
    id: hit.id,
    model: hit.model,
    document_id: hit.documentId,
    document_name: document?.name ?? '',
    name: hit.name,
    reference,
    extract: fromDescription.includes('<mark>') ? fromDescription : searchExtract(hit.name, words),
    updated_at: hit.updatedAt.toISOString(),
  };
}
