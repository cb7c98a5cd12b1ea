import { z } from 'zod';

/**
 * Impact (decisions §22): GET requirements/impact/{id} lists every requirement downstream of one requirement (its
 * children, their children…), each once at its smallest depth, with the requirement it is reached through.
 */

/** How deep the walk goes at most: links cannot form a cycle, but the walk is bounded all the same. */
export const IMPACT_MAX_DEPTH = 50;

export const impactRequirementPresented = z.object({
  id: z.number(),
  reference: z.string(),
  name: z.string(),
  document_id: z.number(),
  type: z.enum(['requirement', 'test']),
});

export const impactEntryPresented = z.object({
  requirement: impactRequirementPresented,
  /** 1 for a child of the requirement, 2 for a child of a child, … the smallest way there. */
  depth: z.number().int().min(1),
  /** The id of the requirement it is reached through: the requirement itself at depth 1. */
  via: z.number(),
});
export type ImpactEntryPresented = z.infer<typeof impactEntryPresented>;

export const impactPresented = z.array(impactEntryPresented);
export type ImpactPresented = z.infer<typeof impactPresented>;
