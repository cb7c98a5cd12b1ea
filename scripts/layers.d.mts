// Types of layers.mjs, for the tests that hold the layers.
export type UnitGraph = Map<string, Map<string, string>>;
export function unitOf(root: string, file: string): string;
export function unitGraph(root: string): UnitGraph;
export function loops(graph: UnitGraph): string[][];
