export { richTextExtensions, type RichTextOptions } from './extensions.js';
export { boundTableSpans, ROWSPAN_MAX, spanWithin, TABLE_COLUMNS_MAX } from './table-spans.js';
