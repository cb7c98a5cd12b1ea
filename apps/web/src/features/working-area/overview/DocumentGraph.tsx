import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { DocumentPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWorkingAreaPaths } from '../common/useWorkingAreaPaths';
import { fitDocumentGraph, layoutDocumentGraph } from '../logic/documentGraph';
import classes from './DocumentGraph.module.css';

// Room for a name on two lines and the acronym line under it.
const CARD_HEIGHT = 80;
const ROW_GAP = 16;
// The scroller's padding, left and right (DocumentGraph.module.css).
const SCROLLER_PADDING = 4;

interface DocumentGraphProps {
  documents: readonly DocumentPresented[];
  /** The document the page is about: its card and links stand out. */
  currentId?: number;
}

/**
 * The documents' traceability graph: parents on the left, their child documents to the right, an arrow for
 * each link. Cards open the document view.
 */
export function DocumentGraph({ documents, currentId }: DocumentGraphProps) {
  const { t } = useTranslation();
  const paths = useWorkingAreaPaths();
  const markerId = useId();
  const layout = layoutDocumentGraph(documents);
  const scroller = useRef<HTMLDivElement>(null);
  const available = useWidth(scroller) - SCROLLER_PADDING;
  const { cardWidth, columnGap } = fitDocumentGraph(layout.columns, available);
  const x = (column: number) => column * (cardWidth + columnGap);
  const y = (row: number) => row * (CARD_HEIGHT + ROW_GAP);
  const width = Math.max(0, layout.columns * (cardWidth + columnGap) - columnGap);
  const height = Math.max(0, layout.rows * (CARD_HEIGHT + ROW_GAP) - ROW_GAP);

  return (
    <div ref={scroller} className={classes.scroller}>
      <div className={classes.canvas} style={{ width, height }}>
        <svg className={classes.edges} width={width} height={height} aria-hidden>
          <defs>
            {['plain', 'highlight'].map((kind) => (
              <marker
                key={kind}
                id={`${markerId}-${kind}`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M 0 0 L 10 5 L 0 10 z" className={kind === 'plain' ? classes.arrow : classes.arrowHighlight} />
              </marker>
            ))}
          </defs>
          {layout.edges.map(({ parent, child }) => {
            const from = layout.places.get(parent)!;
            const to = layout.places.get(child)!;
            const x1 = x(from.column) + cardWidth;
            const y1 = y(from.row) + CARD_HEIGHT / 2;
            const x2 = x(to.column) - 2;
            const y2 = y(to.row) + CARD_HEIGHT / 2;
            const bend = Math.max(24, (x2 - x1) / 2);
            const highlight = currentId !== undefined && (parent === currentId || child === currentId);
            return (
              <path
                key={`${parent}-${child}`}
                className={classes.edge}
                data-highlight={highlight || undefined}
                d={`M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`}
                markerEnd={`url(#${markerId}-${highlight ? 'highlight' : 'plain'})`}
              />
            );
          })}
        </svg>
        {documents.map((document) => {
          const place = layout.places.get(document.id)!;
          return (
            <Link
              key={document.id}
              to={paths.document(document.id)}
              className={classes.card}
              data-current={document.id === currentId || undefined}
              aria-current={document.id === currentId ? 'page' : undefined}
              style={{ left: x(place.column), top: y(place.row), width: cardWidth, height: CARD_HEIGHT }}
              title={document.name}
            >
              <span className={classes.name}>{document.name}</span>
              <span className={classes.meta}>
                <span className={classes.acronym}>{document.acronym}</span>
                <span className={classes.count}>{t('requirements.count', { count: document.requirements_count })}</span>
              </span>
            </Link>
          );
        })}
      </div>
    </div>
  );
}

/** An element's inner width, followed as it resizes (the window, the side panel); 0 until measured. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
