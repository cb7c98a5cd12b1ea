import { cardBorder, MAP_COLOURS } from './colours';
import type { CardBox } from './mapLayout';
import type { MapMetrics } from './mapMetrics';

export interface DrawCardsOptions {
  metrics: MapMetrics;
  scale: number;
  /** Dimmed cards (outside the selection's trace). */
  inactive: ReadonlySet<number>;
}

/** Below this zoom the cards are drawn rather than put in the page (docs/architecture.md, "Web client"). */
export const DRAWN_CARDS_BELOW_ZOOM = 30;

/**
 * The cards of a tile at low zoom, drawn over its links: white boxes with the border of their coverage (faint when
 * dimmed), in column order so that a stacked card lies under the next as in the page, and their reference while it
 * is still readable. Thousands of cards are in sight there: as elements they would cost more than a frame to move.
 */
export function drawCards(ctx: CanvasRenderingContext2D, cards: readonly CardBox[], options: DrawCardsOptions): void {
  const { metrics, scale } = options;
  const line = 2;
  const radius = 6;
  const readable = metrics.fontSize * scale >= 5;
  ctx.font = `700 ${metrics.fontSize}px sans-serif`;
  ctx.textBaseline = 'top';
  for (const card of cards) {
    const inactive = options.inactive.has(card.requirement.id);
    ctx.beginPath();
    ctx.roundRect(card.x + line / 2, card.y + line / 2, card.width - line, card.height - line, radius);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.globalAlpha = inactive ? 0.28 : 1;
    ctx.lineWidth = line;
    ctx.strokeStyle = MAP_COLOURS[cardBorder(card.requirement.coverageStatus)];
    ctx.stroke();
    if (readable) {
      ctx.fillStyle = inactive ? '#adb5bd' : '#212529';
      ctx.fillText(
        card.requirement.reference,
        card.x + metrics.padX,
        card.y + metrics.padY,
        card.width - 2 * metrics.padX,
      );
    }
    ctx.globalAlpha = 1;
  }
}
