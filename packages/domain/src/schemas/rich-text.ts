import { z } from 'zod';
import { RICH_TEXT_MAX } from '../constants';
import { withinRichTextElements } from '../rules/rich-text-elements';

/**
 * Rich text (HTML) as the editor writes it; the server sanitises it against the editor's allow-list. Bounded in
 * characters and in elements (RICH_TEXT_ELEMENTS_MAX), the count checked without parsing.
 */
export const richTextSchema = z
  .string()
  .max(RICH_TEXT_MAX)
  .refine((html) => withinRichTextElements(html), { message: 'validation.rich_text_elements' });
