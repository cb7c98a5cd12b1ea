// Types of layers.config.mjs, for its test.
import type { Layer } from './layers.mjs';
export const LAYERS: Record<string, Layer[]>;
