import { z } from 'zod';
import { COVERAGE_STATUSES, type CoverageStatus } from '../rules/coverage';
import { categoryPresented } from './categories';
import { documentPresented } from './documents';

/** A document of the project's structure (GET projects/structure/{id}): the document with its category tree. */
export const structureDocumentPresented = documentPresented.extend({ categories: z.array(categoryPresented) });
export type StructureDocumentPresented = z.infer<typeof structureDocumentPresented>;

/**
 * One requirement as the synaeptic map draws it (GET projects/map/{id}), as an array rather than an object: a
 * project of 20,000 requirements is then about 2 MB of JSON instead of 5, and the browser parses it in a fraction
 * of the time. No description (a card's description toggle reads the one requirement). The places:
 * `[id, document_id, category_id, reference, name, status, test (0 or 1), order, coverage]`, where coverage is an
 * index in COVERAGE_STATUSES (0 coveredAndCovering, 1 notCovering, 2 notCovered), counted over every link, tests'
 * included, as the detailed view counts it.
 */
export const mapRequirementRow = z.tuple([
  z.number(),
  z.number(),
  z.number().nullable(),
  z.string(),
  z.string(),
  z.number(),
  z.union([z.literal(0), z.literal(1)]),
  z.number(),
  z.number().int().min(0).max(2),
]);
export type MapRequirementRow = z.infer<typeof mapRequirementRow>;

/** One requirement link of the map: `[parent_id, child_id, upToDate (0 stale, 1 up to date)]`. */
export const mapLinkRow = z.tuple([z.number(), z.number(), z.union([z.literal(0), z.literal(1)])]);
export type MapLinkRow = z.infer<typeof mapLinkRow>;

/**
 * GET projects/map/{id}: everything the synaeptic map draws of a project in one answer. `documents` are the
 * structure (documents with their categories, as GET projects/structure/{id} gives them); `requirements` and
 * `links` are compact rows (above). Tests and their links are left out for a caller without the alpha flag.
 */
export const projectMapPresented = z.object({
  documents: z.array(structureDocumentPresented),
  requirements: z.array(mapRequirementRow),
  links: z.array(mapLinkRow),
});
export type ProjectMapPresented = z.infer<typeof projectMapPresented>;

/** The coverage of a map row's last place. */
export const mapCoverage = (index: number): CoverageStatus => COVERAGE_STATUSES[index] ?? 'coveredAndCovering';
