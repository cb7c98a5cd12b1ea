import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedTestDatabase } from '../test/database';
import type { Database } from './client';
import { inlineParameters } from './pg-tailed-transaction';
import { auditEntries } from './schema';

// On PostgreSQL the tail travels with the commit: one message, so that the audit entries of a write (decisions §21)
// cost it no round trip.

let database: Database;

beforeAll(async () => {
  database = await sharedTestDatabase();
});

afterEach(() => vi.restoreAllMocks());

describe('the tailed transaction on node-postgres', () => {
  it('sends the tail and the commit in one message, after the body', async () => {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    await database.tailedTransaction(async (tx) => {
      await tx.execute('select 1');
      return {
        result: null,
        tail: [
          tx.insert(auditEntries).values({
            actorType: 'cli',
            actorName: 'one trip',
            action: 'updated',
            entityType: 'project',
          }),
        ],
      };
    });
    const texts = query.mock.calls.map(([first]) =>
      typeof first === 'string' ? first : (first as { text: string }).text,
    );
    expect(texts).toHaveLength(3);
    expect(texts[0]).toBe('begin');
    expect(texts[2]).toMatch(/^insert into "audit_entries" .*'one trip'.*;\ncommit$/s);
  });
});

describe('inlineParameters', () => {
  it('writes each parameter as a literal, the tenth apart from the first', () => {
    const params = [1, null, true, "it's", 5, 6, 7, 8, 9, '{"a":"b\\\\c"}'];
    expect(inlineParameters('values ($1, $2, $3, $4, $10)', params)).toBe(
      `values (1, null, true, 'it''s',  E'{"a":"b\\\\\\\\c"}')`,
    );
  });

  it('refuses a number that has no literal', () => {
    expect(() => inlineParameters('values ($1)', [Number.NaN])).toThrow(/literal/);
  });
});
