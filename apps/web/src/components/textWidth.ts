let canvas: HTMLCanvasElement | null = null;

/** The width in px of a line of text in the page's font at a given size (the address prefixes of the forms). */
export function textWidth(text: string, fontSize: number): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * fontSize * 0.6;
  context.font = `${fontSize}px ${getComputedStyle(document.body).fontFamily}`;
  return Math.ceil(context.measureText(text).width);
}
