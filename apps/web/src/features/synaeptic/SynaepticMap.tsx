import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { SynaepticSettings } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { CategoryContainer } from './CategoryContainer';
import { DocumentContainer } from './DocumentContainer';
import { MapLegend } from './MapLegend';
import { RequirementCard } from './RequirementCard';
import { drawLinks, type DrawnCounts } from './logic/drawLinks';
import type { Box, MapLayout } from './logic/mapLayout';
import type { MapElement, Trace } from './logic/trace';
import { cardsIn, intersects, renderRegion, sameRegion, type View } from './logic/viewport';
import { useMapView } from './useMapView';
import classes from './SynaepticMap.module.css';

interface SynaepticMapProps {
  layout: MapLayout;
  trace: Trace | null;
  inactive: Trace;
  element: MapElement;
  settings: SynaepticSettings;
  /** Changes when the selected element's place may have moved far (another element, a display option). */
  revealKey: string;
  onZoom: (zoom: number) => void;
  hrefOf: (view: 'document' | 'requirement', id: number) => string;
  onRequirementClick: (event: MouseEvent<HTMLAnchorElement>, id: number) => void;
  onOpenRequirements: (documentId: number) => void;
}

/** How long the zoom label stays (spec 2: about a second). */
const ZOOM_LABEL_MS = 1000;

// Where each project's map was looked at, so that coming back (from the detailed view) finds it there.
const lastViews = new Map<string, { x: number; y: number }>();

/**
 * The map itself: the containers' layer, the links' canvas and the cards' layer, moved together by one transform.
 * Only the cards of the region around the view are in the page (`renderRegion`, `cardsIn`); the canvas draws the
 * links that cross the view, each frame the view moves.
 */
export function SynaepticMap({
  layout,
  trace,
  inactive,
  element,
  settings,
  revealKey,
  onZoom,
  hrefOf,
  onRequirementClick,
  onOpenRequirements,
}: SynaepticMapProps) {
  const { t } = useTranslation();
  const storeKey = layout.documents.map((d) => d.document.project_id)[0]?.toString() ?? '';
  const containersRef = useRef<HTMLDivElement>(null);
  const cardsRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Null until the first drawing, which always names the canvas (an image must have a name, even with no links).
  const drawn = useRef<DrawnCounts | null>(null);
  const [region, setRegion] = useState<View>({ x: 0, y: 0, width: 0, height: 0 });
  // The region as last asked for: a frame that stays in it asks React for nothing.
  const regionRef = useRef(region);

  // What the canvas holds: the region it was drawn for, at which scale; null when the data changed since.
  const drawnFor = useRef<{ region: View; scale: number } | null>(null);

  /** Draws the links of a region a little larger than the view into the canvas, which then moves with the pan. */
  const draw = useCallback(
    (region: View, scale: number) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(region.width * scale * ratio);
      const height = Math.round(region.height * scale * ratio);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      Object.assign(canvas.style, {
        left: `${region.x}px`,
        top: `${region.y}px`,
        width: `${region.width}px`,
        height: `${region.height}px`,
      });
      const counts = drawLinks(ctx, layout.links, layout.documentLinks, {
        view: region,
        scale,
        pixelRatio: ratio,
        trace,
        showAllLinks: settings.showAllLinks,
      });
      const before = drawn.current;
      if (!before || counts.blue !== before.blue || counts.red !== before.red || counts.black !== before.black) {
        drawn.current = counts;
        // What is drawn, for tests and screen readers: the canvas is an image whose name counts its links.
        canvas.dataset.linksBlue = String(counts.blue);
        canvas.dataset.linksRed = String(counts.red);
        canvas.dataset.linksBlack = String(counts.black);
        canvas.setAttribute('aria-label', t('synaeptic.links', { blue: counts.blue, red: counts.red }));
      }
    },
    [layout, trace, settings.showAllLinks, t],
  );

  // A pan only moves the two layers: the canvas is drawn again when the view leaves what it holds, when the
  // scale changes, or when the data or options do (a new `draw`), not on every frame.
  const onFrame = useCallback(
    (view: View, scale: number) => {
      const transform = `translate(${-view.x * scale}px, ${-view.y * scale}px) scale(${scale})`;
      for (const layer of [containersRef.current, cardsRef.current]) {
        if (layer) layer.style.transform = transform;
      }
      const held = drawnFor.current;
      const inside =
        held !== null &&
        held.scale === scale &&
        view.x >= held.region.x &&
        view.y >= held.region.y &&
        view.x + view.width <= held.region.x + held.region.width &&
        view.y + view.height <= held.region.y + held.region.height;
      if (!inside) {
        const region = renderRegion(view, 256, 0.25);
        draw(region, scale);
        drawnFor.current = { region, scale };
      }
      const next = renderRegion(view);
      if (!sameRegion(regionRef.current, next)) {
        regionRef.current = next;
        setRegion(next);
      }
    },
    [draw],
  );
  // New data or options: the canvas holds what is no longer true.
  useLayoutEffect(() => {
    drawnFor.current = null;
  }, [draw]);

  const { viewportRef, pointerHandlers, panning, requestFrame, reveal, current } = useMapView({
    zoom: settings.zoom,
    onZoom,
    onFrame,
    initial: lastViews.get(storeKey) ?? { x: -24, y: -72 },
  });
  useEffect(() => () => void lastViews.set(storeKey, current()), [storeKey, current]);
  // New data or options: draw again where the view is.
  useLayoutEffect(requestFrame, [onFrame, requestFrame]);

  const target = useMemo((): Box | undefined => {
    if (element.view === 'requirement') return layout.cards.get(element.id);
    if (element.view === 'document') return layout.documents.find((d) => d.document.id === element.id);
    if (element.view === 'category') return layout.categories.find((c) => c.category.id === element.id);
    return undefined;
  }, [element, layout]);
  const revealed = useRef('');
  useEffect(() => {
    if (!target || revealed.current === revealKey) return;
    revealed.current = revealKey;
    reveal(target);
  }, [target, revealKey, reveal]);

  const [zoomLabel, setZoomLabel] = useState(false);
  const firstZoom = useRef(true);
  useEffect(() => {
    if (firstZoom.current) {
      firstZoom.current = false;
      return;
    }
    setZoomLabel(true);
    const timer = window.setTimeout(() => setZoomLabel(false), ZOOM_LABEL_MS);
    return () => window.clearTimeout(timer);
  }, [settings.zoom]);

  const cards = useMemo(() => {
    const found = cardsIn(layout, region);
    // The selected card stays in the page (and keeps the focus) wherever the view goes.
    const selected = element.view === 'requirement' ? layout.cards.get(element.id) : undefined;
    if (selected && !found.includes(selected)) found.push(selected);
    return found;
  }, [layout, region, element]);
  const documents = useMemo(() => layout.documents.filter((d) => intersects(d, region)), [layout, region]);
  const categories = useMemo(() => layout.categories.filter((c) => intersects(c, region)), [layout, region]);
  const selectedId = (view: MapElement['view']) => (element.view === view && 'id' in element ? element.id : null);

  return (
    <div
      ref={viewportRef}
      className={`${classes.viewport} ${panning ? classes.panning : ''}`}
      role="region"
      aria-label={t('synaeptic.title')}
      aria-roledescription={t('synaeptic.roledescription')}
      // Focusable, so that the arrow keys can move it.
      tabIndex={0}
      data-zoom={settings.zoom}
      data-cards={cards.length}
      // How far the data has come, for the browser suite and the bench.
      data-documents={layout.documents.length}
      data-documents-loaded={layout.documents.filter((d) => d.loaded).length}
      {...pointerHandlers}
    >
      <div ref={containersRef} className={classes.layer}>
        {documents.map((box) => (
          <DocumentContainer
            key={box.document.id}
            box={box}
            metrics={layout.metrics}
            href={hrefOf('document', box.document.id)}
            selected={selectedId('document') === box.document.id}
            inactive={inactive.documents.has(box.document.id)}
            onOpenRequirements={onOpenRequirements}
          />
        ))}
        {categories.map((box) => (
          <CategoryContainer
            key={box.category.id}
            box={box}
            metrics={layout.metrics}
            inactive={inactive.categories.has(box.category.id)}
          />
        ))}
        {/* Last in the containers' layer: over the containers, under the cards; one layer fewer to composite. */}
        <canvas ref={canvasRef} className={classes.canvas} role="img" data-testid="synaeptic-links" />
      </div>
      <div ref={cardsRef} className={classes.layer}>
        {cards.map((card) => (
          <RequirementCard
            key={card.requirement.id}
            card={card}
            metrics={layout.metrics}
            href={hrefOf('requirement', card.requirement.id)}
            selected={selectedId('requirement') === card.requirement.id}
            inactive={inactive.requirements.has(card.requirement.id)}
            onClick={onRequirementClick}
          />
        ))}
      </div>
      {zoomLabel ? (
        <div className={classes.zoomLabel} role="status">
          {t('synaeptic.zoom.value', { zoom: settings.zoom })}
        </div>
      ) : null}
      <MapLegend />
    </div>
  );
}
