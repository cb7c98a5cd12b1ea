/** A score's colour (beside its number, never instead of it): green from 90, orange from 70, red below. */
export function scoreColor(score: number): string {
  return score >= 90 ? 'teal' : score >= 70 ? 'orange' : 'red';
}
