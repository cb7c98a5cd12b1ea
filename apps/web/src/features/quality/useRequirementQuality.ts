import { useMemo } from 'react';
import type { QualityRuleId, RequirementPresented } from '@reqloom/domain';
import type { QualityResult } from '@reqloom/domain/quality';
import { useLiveDescription } from './liveDescriptions';
import { useQualityEngine } from './useQualityEngine';

/**
 * A requirement's quality, checked in the browser with the shared rules: the description as its editor holds it
 * now when one is open (else as saved), the name as given (the field's draft while it is edited), without the
 * rules the project turned off. Null while the rules load.
 */
export function useRequirementQuality(
  requirement: Pick<RequirementPresented, 'id' | 'name' | 'description'>,
  disabled: readonly QualityRuleId[],
  name: string = requirement.name,
): QualityResult | null {
  const engine = useQualityEngine();
  const live = useLiveDescription(requirement.id);
  const html = requirement.description;
  return useMemo(() => {
    if (!engine) return null;
    const description = live ?? engine.qualityText(html);
    return engine.checkRequirement({ name, description }, { disabled });
  }, [engine, disabled, live, html, name]);
}
