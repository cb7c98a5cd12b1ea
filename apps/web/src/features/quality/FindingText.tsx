import type { QualityFindingPresented } from '@reqloom/domain';
import './qualityHighlights.css';

interface FindingTextProps {
  text: string;
  findings: readonly Pick<QualityFindingPresented, 'start' | 'end' | 'severity' | 'rule'>[];
}

/** A plain text with its findings underlined as the editor draws them (overlapping ones: the first wins). */
export function FindingText({ text, findings }: FindingTextProps) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const finding of [...findings].sort((a, b) => a.start - b.start)) {
    if (finding.start < at || finding.end > text.length) continue;
    if (finding.start > at) parts.push(text.slice(at, finding.start));
    parts.push(
      <span
        key={`${finding.start}-${finding.rule}`}
        className="quality-finding"
        data-severity={finding.severity}
        data-rule={finding.rule}
      >
        {text.slice(finding.start, finding.end)}
      </span>,
    );
    at = finding.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
