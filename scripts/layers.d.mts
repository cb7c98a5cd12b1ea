// Types of layers.mjs, for the tests that hold the layers.
export type UnitGraph = Map<string, Map<string, string>>;
export function unitOf(root: string, file: string): string;
export function unitGraph(root: string): UnitGraph;
export function loops(graph: UnitGraph): string[][];
/** Units named by pattern (`*` for one path segment); `independent`: siblings that may not import each other. */
export type Layer = { units: string[]; independent?: boolean };
export function layerOf(layers: Layer[], unit: string): number;
export function layerViolations(graph: UnitGraph, layers: Layer[]): string[];
