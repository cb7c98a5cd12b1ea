import type { FloatingPosition } from '@mantine/core';
import type { RefObject } from 'react';
import { pointedBox, showsForStep, type StepWindow } from './pointedBox';

/** The window as a step sees it now: the app's sticky top bar (its first header) hides what lies under it. */
function stepWindow(): StepWindow {
  const root = document.documentElement;
  const bar = document.querySelector('header');
  return {
    width: root.clientWidth,
    height: root.clientHeight,
    top: Math.max(0, bar?.getBoundingClientRect().bottom ?? 0),
  };
}

/**
 * What a step points at, handed to Mantine's Tour as its target: a virtual element (floating-ui's term) whose box is
 * the part of the target a dialog can stand beside (`pointedBox`), so that the dialog, placed and flipped by
 * floating-ui, stays in the window, and the spotlight lights that part. Mantine types a ref target as an HTMLElement
 * but reads only its box and `contains`, and gives it to floating-ui, which takes virtual elements; `contextElement`
 * is the real one, whose scrolling ancestors floating-ui follows.
 */
export class StepTarget {
  private readonly beside: boolean;

  constructor(
    private readonly selector: string,
    position: FloatingPosition | undefined,
  ) {
    this.beside = position?.startsWith('left') === true || position?.startsWith('right') === true;
  }

  private element(): Element | null {
    return document.querySelector(this.selector);
  }

  get contextElement(): Element | undefined {
    return this.element() ?? undefined;
  }

  getBoundingClientRect(): DOMRect {
    const element = this.element();
    if (!element) return new DOMRect();
    const box = pointedBox(element.getBoundingClientRect(), stepWindow());
    return new DOMRect(box.left, box.top, box.width, box.height);
  }

  /** Mantine's arrow keys leave a target's own fields alone. */
  contains(node: Node | null): boolean {
    return this.element()?.contains(node) === true;
  }

  /**
   * Scrolls the target so that the step shows: its top to the top of the window (the scroll margin of `[data-tour]`
   * keeps it clear of the top bar) unless it already shows with room for the dialog. Mantine centred it, which put
   * the top of a target taller than the window out of sight.
   */
  bringIntoView(): void {
    const settle = (tries: number) => {
      const element = this.element();
      if (!element || showsForStep(element.getBoundingClientRect(), stepWindow(), this.beside)) return;
      // At once, not smoothly: a long table draws its rows as the page scrolls and its height changes on the way,
      // so a smooth scroll stopped short of a target below it (the category tour's sub-categories, 200 rows down).
      element.scrollIntoView({ block: 'start', behavior: 'auto' });
      // Rows drawn by that scroll may move the target again: look once more when they are.
      if (tries > 0) requestAnimationFrame(() => requestAnimationFrame(() => settle(tries - 1)));
    };
    settle(5);
  }

  /** As Tour.Step's target: read when the step opens; null while the element is missing, which centres the step. */
  asRef(): RefObject<HTMLElement | null> {
    return Object.defineProperty({}, 'current', {
      get: () => (this.element() ? (this as unknown as HTMLElement) : null),
    }) as RefObject<HTMLElement | null>;
  }
}

/** Tour's scroll handler: it is handed the target of the step that opens. */
export function bringStepIntoView(element: unknown): void {
  if (element instanceof StepTarget) element.bringIntoView();
}
