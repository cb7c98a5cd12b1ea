export { richTextExtensions, type RichTextOptions } from './extensions.js';
