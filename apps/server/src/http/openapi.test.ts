import { describe, expect, it } from 'vitest';
import { currentOpenApi } from '../cli/openapi';

type Parameter = { name: string; in: string };
type Description = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

// A path parameter that its path does not hold (or the reverse) makes generated clients build wrong URLs.
describe('OpenAPI description', () => {
  it('declares exactly the path parameters each path holds', async () => {
    const doc = (await currentOpenApi()) as Description;
    const problems: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).sort();
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const declared = (operation.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        if (JSON.stringify(declared) !== JSON.stringify(inPath))
          problems.push(`${method.toUpperCase()} ${path}: declares [${declared.join(', ')}]`);
      }
    }
    expect(operations).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
