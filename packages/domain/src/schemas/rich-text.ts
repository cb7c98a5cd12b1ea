import { z } from 'zod';
import { RICH_TEXT_MAX } from '../constants';

/** Rich text (HTML) as the editor writes it; the server sanitises it against the editor's allow-list. */
export const richTextSchema = z.string().max(RICH_TEXT_MAX);
