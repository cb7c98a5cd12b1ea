import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent,
} from 'react';
import type { Box } from './logic/mapLayout';
import { clampZoom, scaleOf, ZOOM_STEP, type View } from './logic/viewport';

interface MapViewOptions {
  zoom: number;
  onZoom: (zoom: number) => void;
  /** Called once per animation frame after the view moved: where the layers go, what the canvas draws. */
  onFrame: (view: View, scale: number) => void;
  /** Where the view starts when nothing is to be centred. */
  initial: { x: number; y: number };
}

/** Keys typed in a field are text, not map commands. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Pixels a wheel notch or an arrow key moves the map, on screen. */
const ARROW_STEP = 60;

/** Screen pixels above a tall box brought into sight: its header clear of the map's edge (the toolbar is above it). */
const REVEAL_MARGIN = 24;

/**
 * Where the map is looked at: its top-left corner in map pixels and the scale, kept in refs and applied once per
 * animation frame. A pan (drag, wheel, arrow keys) never renders React: it moves the layers with a transform and
 * redraws the canvas; React renders only when the region of cards in the page changes (SynaepticMap). The zoom
 * (buttons, `+`/`-`, Ctrl+wheel, by 5) keeps the point under the pointer, or the centre, where it was.
 */
export function useMapView({ zoom, onZoom, onFrame, initial }: MapViewOptions) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const view = useRef({ ...initial });
  const size = useRef({ width: 0, height: 0 });
  const scale = useRef(scaleOf(zoom));
  const anchor = useRef<{ x: number; y: number } | null>(null);
  const frameRequest = useRef(0);
  const onFrameRef = useRef(onFrame);
  const zoomRef = useRef(zoom);
  const [panning, setPanning] = useState(false);
  useLayoutEffect(() => {
    onFrameRef.current = onFrame;
    zoomRef.current = zoom;
  });

  const requestFrame = useCallback(() => {
    if (frameRequest.current) return;
    frameRequest.current = requestAnimationFrame(() => {
      frameRequest.current = 0;
      const s = scale.current;
      onFrameRef.current(
        { x: view.current.x, y: view.current.y, width: size.current.width / s, height: size.current.height / s },
        s,
      );
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frameRequest.current), []);

  // A new zoom keeps the anchor point (the pointer's, else the centre's) where it is on screen.
  useLayoutEffect(() => {
    const next = scaleOf(zoom);
    const previous = scale.current;
    if (next === previous) return;
    const a = anchor.current ?? { x: size.current.width / 2, y: size.current.height / 2 };
    view.current = {
      x: view.current.x + a.x / previous - a.x / next,
      y: view.current.y + a.y / previous - a.y / next,
    };
    scale.current = next;
    anchor.current = null;
    requestFrame();
  }, [zoom, requestFrame]);

  const zoomBy = useCallback(
    (steps: number, at?: { x: number; y: number }) => {
      const next = clampZoom(zoomRef.current + steps * ZOOM_STEP);
      if (next === zoomRef.current) return;
      anchor.current = at ?? null;
      zoomRef.current = next;
      onZoom(next);
    },
    [onZoom],
  );

  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    size.current = { width: element.clientWidth, height: element.clientHeight };
    const resize = new ResizeObserver(() => {
      size.current = { width: element.clientWidth, height: element.clientHeight };
      requestFrame();
    });
    resize.observe(element);
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) {
        const rect = element.getBoundingClientRect();
        zoomBy(event.deltaY < 0 ? 1 : -1, { x: event.clientX - rect.left, y: event.clientY - rect.top });
        return;
      }
      const unit = event.deltaMode === 1 ? 20 : 1;
      const dx = (event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX) * unit;
      const dy = (event.shiftKey && event.deltaX === 0 ? 0 : event.deltaY) * unit;
      view.current = { x: view.current.x + dx / scale.current, y: view.current.y + dy / scale.current };
      requestFrame();
    };
    // Not passive: Ctrl+wheel must not zoom the whole page, and a wheel moves the map, not the page.
    element.addEventListener('wheel', wheel, { passive: false });
    const key = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '+' || event.key === '=') zoomBy(1);
      else if (event.key === '-' || event.key === '_') zoomBy(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', key);
    return () => {
      resize.disconnect();
      element.removeEventListener('wheel', wheel);
      window.removeEventListener('keydown', key);
    };
  }, [requestFrame, zoomBy]);

  const drag = useRef<{ x: number; y: number; vx: number; vy: number; id: number } | null>(null);
  const pointerHandlers = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      // Links (cards, document headers) and controls keep their own clicks.
      if (event.button !== 0 || (event.target as HTMLElement).closest('a, button, input, label')) return;
      drag.current = {
        x: event.clientX,
        y: event.clientY,
        vx: view.current.x,
        vy: view.current.y,
        id: event.pointerId,
      };
      event.currentTarget.setPointerCapture(event.pointerId);
      setPanning(true);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      const start = drag.current;
      if (!start || start.id !== event.pointerId) return;
      view.current = {
        x: start.vx - (event.clientX - start.x) / scale.current,
        y: start.vy - (event.clientY - start.y) / scale.current,
      };
      requestFrame();
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      if (drag.current?.id !== event.pointerId) return;
      drag.current = null;
      setPanning(false);
    },
    onKeyDown: (event: ReactKeyboardEvent<HTMLDivElement>) => {
      // Arrow keys move the map while it has the focus itself (not one of its cards).
      if (event.target !== event.currentTarget) return;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-1, 0],
        ArrowRight: [1, 0],
        ArrowUp: [0, -1],
        ArrowDown: [0, 1],
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      view.current = {
        x: view.current.x + (move[0] * ARROW_STEP) / scale.current,
        y: view.current.y + (move[1] * ARROW_STEP) / scale.current,
      };
      requestFrame();
    },
  };

  /** Brings a box into sight unless it already is: a card centred, a tall box (a document) by its top. */
  const reveal = useCallback(
    (box: Box, always = false) => {
      const s = scale.current;
      const { width, height } = size.current;
      const v = view.current;
      const inSight =
        box.x >= v.x && box.y >= v.y && box.x + box.width <= v.x + width / s && box.y + box.height <= v.y + height / s;
      if (inSight && !always) return;
      const tall = box.height * s > height * 0.6;
      view.current = {
        x: box.x + box.width / 2 - width / (2 * s),
        y: tall ? box.y - REVEAL_MARGIN / s : box.y + box.height / 2 - height / (2 * s),
      };
      requestFrame();
    },
    [requestFrame],
  );

  const current = useCallback(() => ({ ...view.current }), []);
  return { viewportRef, pointerHandlers, panning, requestFrame, reveal, current };
}
