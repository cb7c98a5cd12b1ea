import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// "The application never updates or deletes an audit entry" (decisions §21): the database's trigger (migration 0018)
// refuses it at run time (audit.test.ts); this reads the server's source so that no code even tries. Tests are left
// out: they show the trigger refusing.

const SERVER_SRC = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    if (/\.test\.[cm]?ts$/.test(entry.name)) return [];
    return /\.([cm]?ts|[cm]?js|sql)$/.test(entry.name) ? [full] : [];
  });
}

/** Raw SQL that rewrites the table: UPDATE, DELETE FROM, TRUNCATE (with or without quotes, a schema or ONLY). */
const RAW_SQL = [
  /\bupdate\s+(only\s+)?("?public"?\.)?"?audit_entries\b/i,
  /\bdelete\s+from\s+(only\s+)?("?public"?\.)?"?audit_entries\b/i,
  /\btruncate\s+(table\s+)?(only\s+)?[^;`'"]*?\baudit_entries\b/i,
];

/**
 * What in a file rewrites the trail: drizzle's `.update(t)` / `.delete(t)` on the table or a name it is bound to
 * (`const a = auditEntries`, `import { auditEntries as a }`), or raw SQL. Answers a line per finding.
 */
function rewritesOfTrail(text: string): string[] {
  const names = new Set(['auditEntries']);
  for (const m of text.matchAll(/\bconst\s+(\w+)\s*=\s*auditEntries\b/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\bauditEntries\s+as\s+(\w+)/g)) names.add(m[1]!);
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const name of names)
      if (new RegExp(`\\.\\s*(update|delete)\\s*\\(\\s*${name}\\b`).test(line)) found.push(`${i + 1}: ${line.trim()}`);
    if (RAW_SQL.some((re) => re.test(line))) found.push(`${i + 1}: ${line.trim()}`);
  });
  // A statement may be split over lines (`.update(\n  auditEntries`): read once more with the line breaks gone.
  const flat = text.replace(/\s+/g, ' ');
  for (const name of names)
    if (
      new RegExp(`\\.\\s*(update|delete)\\s*\\(\\s*${name}\\b`).test(flat) &&
      !found.some((f) => new RegExp(`(update|delete)\\s*\\(\\s*${name}\\b`).test(f))
    )
      found.push(`(across lines) .update/.delete(${name})`);
  return found;
}

describe('the audit trail is never rewritten by the application', () => {
  it('no server source updates, deletes or truncates audit_entries', () => {
    const files = sourceFiles(SERVER_SRC);
    // The walk reaches the code that writes the trail: a scan that read nothing would prove nothing.
    expect(files.some((f) => f.endsWith(path.join('core', 'audit.ts')))).toBe(true);
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
    const findings = files.flatMap((file) =>
      rewritesOfTrail(fs.readFileSync(file, 'utf8')).map((f) => `${path.relative(SERVER_SRC, file)}:${f}`),
    );
    expect(findings).toEqual([]);
  });

  it('would see each way of doing it', () => {
    const rewrites = [
      'await tx.update(auditEntries).set({ actorName: "x" });',
      'await db.delete(auditEntries).where(eq(auditEntries.id, 1));',
      'const a = auditEntries;\nawait tx.delete(a);',
      "import { auditEntries as trail } from '../db/schema';\nawait db.update(trail).set({});",
      'await tx\n  .delete(\n    auditEntries,\n  );',
      'await tx.execute(sql`UPDATE audit_entries SET changes = ${x}`);',
      'await tx.execute(sql.raw(\'delete from "audit_entries" where id = 1\'));',
      'await tx.execute(sql`DELETE FROM public.audit_entries`);',
      'await tx.execute(sql`truncate table projects, audit_entries`);',
      'UPDATE ONLY "audit_entries" SET at = now();',
    ];
    for (const text of rewrites) expect(rewritesOfTrail(text), text).not.toEqual([]);
    const reads = [
      'await tx.insert(auditEntries).values(rows);',
      'await db.select().from(auditEntries).where(eq(auditEntries.projectId, 1));',
      'const a = auditEntries;\nawait db.select().from(a);\nawait tx.update(projects).set({});',
      'CREATE TRIGGER "audit_entries_kept" BEFORE UPDATE OR DELETE ON "audit_entries"',
      "await tx.delete(projects).where(eq(projects.id, id)); // its audit_entries go by the project's cascade",
    ];
    for (const text of reads) expect(rewritesOfTrail(text), text).toEqual([]);
  });
});
