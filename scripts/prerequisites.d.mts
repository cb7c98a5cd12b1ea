// Types of prerequisites.mjs, for its test.
export type Prerequisite = { tool: string; path?: string; packages: string[]; for: string };
export const PREREQUISITES: Prerequisite[];
export function installCommand(missing?: Prerequisite[]): string;
export function missingPrerequisites(exists?: (p: Prerequisite) => boolean): Prerequisite[];
export function describeMissing(missing: Prerequisite[]): string;
export function ensurePrerequisites(options?: { install?: boolean; log?: (line: string) => void }): boolean;
