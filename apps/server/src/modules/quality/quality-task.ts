import type { QualityRuleId } from '@reqloom/domain';
import { checkRequirement, qualityText, type QualityResult } from '@reqloom/domain/quality';
import type { ThreadTask } from '../interchange/bounded-thread';

/** A batch of requirements to check: names and descriptions as stored (rich text), and the rules turned off. */
export type QualityBatch = { items: { name: string; description: string }[]; disabled: QualityRuleId[] };

/** One requirement's check, from its stored fields: the description's offsets point into its `qualityText`. */
export function checkStored(item: { name: string; description: string }, disabled: QualityRuleId[]): QualityResult {
  return checkRequirement({ name: item.name, description: qualityText(item.description) }, { disabled });
}

/**
 * The quality thread's task (quality-checker.ts): the same check as on the server's thread, for a batch. It refuses
 * nothing: a check that throws is our failure, and the checker then checks the batch on its own thread.
 */
export const task: ThreadTask<QualityBatch, QualityResult[]> = {
  run: ({ items, disabled }) => items.map((item) => checkStored(item, disabled)),
  refuses: () => false,
  // The first check loads the rules' word lists and the language library's lexicon; done once ahead of any job.
  warm: () => {
    checkStored({ name: 'The system shall respond quickly.', description: '<p>It is to be confirmed (TBC).</p>' }, []);
    checkStored({ name: 'Le système doit répondre rapidement.', description: '<p>Valeur à définir.</p>' }, []);
  },
};
