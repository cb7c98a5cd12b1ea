// Types of layers.mjs, for its test.
export type Graph = Map<string, Map<string, string>>;
export type Layer = { units: string[]; independent?: boolean };
export function unitOf(root: string, file: string): string;
export function unitGraph(root: string): Graph;
export function loops(graph: Graph): string[][];
export function layerOf(layers: Layer[], unit: string): number;
export function layerViolations(graph: Graph, layers: Layer[]): string[];
