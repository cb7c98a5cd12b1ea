import { plainText } from '@reqloom/domain';

/** Spec 2 §9: a card's description preview is cut at 500 characters. */
export const DESCRIPTION_PREVIEW_LENGTH = 500;

/**
 * A card's description (spec 2, synaeptic view): markup stripped, cut to 500 characters plus an ellipsis. Lists and
 * tables stay readable on their one line ("the valve; the vents", "Day · 22 °C"), as in a search's extract.
 */
export function descriptionPreview(html: string): string {
  const text = plainText(html);
  return text.length > DESCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}…` : text;
}
