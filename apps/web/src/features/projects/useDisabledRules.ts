import type { QualityRuleId } from '@reqloom/domain';
import { useProject } from './useProject';

const NONE: readonly QualityRuleId[] = [];

/** The rules the current project turned off (settings.quality, decisions §25). */
export function useDisabledRules(): readonly QualityRuleId[] {
  return useProject().settings.quality?.disabled ?? NONE;
}
