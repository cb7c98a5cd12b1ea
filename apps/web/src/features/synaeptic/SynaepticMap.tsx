import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import type { SynaepticSettings } from '@reqloom/domain';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CategoryContainer } from './CategoryContainer';
import { DocumentContainer } from './DocumentContainer';
import { MapLegend } from './MapLegend';
import { RequirementCard } from './RequirementCard';
import { CanvasTiles, TILE_PX, type PaintTile } from './canvasTiles';
import { drawCards, DRAWN_CARDS_BELOW_ZOOM } from './logic/drawCards';
import { countLinks, drawLinks, type DrawnCounts } from './logic/drawLinks';
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

/** Cards in the page: the view and a quarter of it on each side, snapped to tiles of this many map pixels. */
const CARD_TILE = 256;
const CARD_MARGIN = 0.25;
/** What a frame spends on drawing tiles (at least one), so that it still has time for the rest. */
const TILE_BUDGET_MS = 10;

/**
 * The map itself: the containers' layer with the canvas tiles (links; cards too at low zoom) and the cards'
 * layer, moved together by one transform. Only the cards of the region around the view are in the page
 * (`renderRegion`, `cardsIn`), rendered as a transition so that a pan's frames come before them; the tiles
 * (CanvasTiles) are drawn as they come into that region, not on every frame.
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
  const linksRef = useRef<HTMLDivElement>(null);
  const tiles = useRef<CanvasTiles | null>(null);
  useLayoutEffect(() => {
    if (linksRef.current) tiles.current = new CanvasTiles(linksRef.current);
  }, []);
  // Null until the first count, which always names the drawing (an image must have a name, even with no links).
  const drawn = useRef<DrawnCounts | null>(null);
  const [region, setRegion] = useState<View>({ x: 0, y: 0, width: 0, height: 0 });
  // The region as last asked for: a frame that stays in it asks React for nothing.
  const regionRef = useRef(region);
  // Asks for another frame (useMapView's, known once it is called below).
  const drawMore = useRef<() => void>(() => undefined);
  // Few enough cards to be elements at this zoom; below it they are drawn with the links.
  const cardsDrawn = settings.zoom < DRAWN_CARDS_BELOW_ZOOM;

  /** Draws one tile: the links that cross it, then, at low zoom, its cards over them. */
  const paint = useCallback<PaintTile>(
    (ctx, tile, scale, pixelRatio) => {
      drawLinks(ctx, layout.links, layout.documentLinks, {
        view: tile,
        scale,
        pixelRatio,
        trace,
        showAllLinks: settings.showAllLinks,
      });
      if (cardsDrawn) {
        drawCards(ctx, cardsIn(layout, tile), { metrics: layout.metrics, scale, inactive: inactive.requirements });
      }
    },
    [layout, trace, settings.showAllLinks, cardsDrawn, inactive],
  );

  // What the drawing is named by: its standing-out links in the tiles' region, counted when that region or the
  // drawing changes.
  const countedFor = useRef<{ region: View; paint: PaintTile } | null>(null);
  const count = useCallback(
    (tileRegion: View) => {
      const held = countedFor.current;
      if (held && held.paint === paint && sameRegion(held.region, tileRegion)) return;
      countedFor.current = { region: tileRegion, paint };
      const host = linksRef.current;
      if (!host) return;
      const counts = countLinks(layout.links, layout.documentLinks, {
        view: tileRegion,
        trace,
        showAllLinks: settings.showAllLinks,
      });
      const before = drawn.current;
      if (before && counts.blue === before.blue && counts.red === before.red && counts.black === before.black) return;
      drawn.current = counts;
      // What is drawn, for tests and screen readers: the drawing is an image whose name counts its links.
      host.dataset.linksBlue = String(counts.blue);
      host.dataset.linksRed = String(counts.red);
      host.dataset.linksBlack = String(counts.black);
      host.setAttribute('aria-label', t('synaeptic.links', { blue: counts.blue, red: counts.red }));
    },
    [layout, paint, trace, settings.showAllLinks, t],
  );

  // A pan only moves the two layers; tiles are drawn as they come near the view, and React renders only when
  // the region of cards in the page changes (as a transition: the pan's frames go first, except on the first frame).
  const onFrame = useCallback(
    (view: View, scale: number) => {
      const transform = `translate(${-view.x * scale}px, ${-view.y * scale}px) scale(${scale})`;
      for (const layer of [containersRef.current, cardsRef.current]) {
        if (layer) layer.style.transform = transform;
      }
      const next = renderRegion(view, CARD_TILE, CARD_MARGIN);
      const first = regionRef.current.width === 0;
      if (!sameRegion(regionRef.current, next)) {
        regionRef.current = next;
        // The first cards are rendered at once and painted in this frame, the tiles after them: as a transition
        // they waited behind every frame of tiles and every chunk evaluated meanwhile (0.7 s on a full load).
        if (first) flushSync(() => setRegion(next));
        else startTransition(() => setRegion(next));
      }
      const tileRegion = renderRegion(view, TILE_PX / scale, 0.25);
      // The tiles a frame has no time for come in the next ones; the cards and the pan do not wait for them.
      if (first || tiles.current?.show(tileRegion, scale, paint, TILE_BUDGET_MS).pending) drawMore.current();
      count(tileRegion);
    },
    [paint, count],
  );

  const { viewportRef, pointerHandlers, panning, requestFrame, reveal, current } = useMapView({
    zoom: settings.zoom,
    onZoom,
    onFrame,
    // A margin of 24 px around the map's content; the toolbar is above the map, not over it.
    initial: lastViews.get(storeKey) ?? { x: -24, y: -24 },
  });
  useLayoutEffect(() => {
    drawMore.current = requestFrame;
  }, [requestFrame]);
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
    // At low zoom the cards are drawn; only the selected one stays an element, to keep the focus.
    const found = cardsDrawn ? [] : cardsIn(layout, region);
    // The selected card stays in the page (and keeps the focus) wherever the view goes.
    const selected = element.view === 'requirement' ? layout.cards.get(element.id) : undefined;
    if (selected && !found.includes(selected)) found.push(selected);
    return found;
  }, [layout, region, element, cardsDrawn]);
  const documents = useMemo(() => layout.documents.filter((d) => intersects(d, region)), [layout, region]);
  // Where the map's tour starts: the top document of the first column (the layout's order is not the page's).
  const tourDocument = useMemo(
    () =>
      layout.documents.reduce<(typeof layout.documents)[number] | undefined>(
        (first, d) => (!first || d.x < first.x || (d.x === first.x && d.y < first.y) ? d : first),
        undefined,
      ),
    [layout],
  );
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
            tourStart={box === tourDocument}
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
        {/* Last in the containers' layer: over the containers, under the cards; one layer fewer to composite.
            Its canvases are CanvasTiles', not React's. */}
        <div ref={linksRef} className={classes.canvas} role="img" data-testid="synaeptic-links" />
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
