import { userInfo } from 'node:os';
import { eq } from 'drizzle-orm';
import type { AuditAction, AuditChanges, AuditEntityType } from '@reqloom/domain';
import type { Db } from '../db/client';
import { accessTokens, auditEntries, users } from '../db/schema';
import type { TailStatement } from '../db/tailed-transaction';

/**
 * Who a unit of work acts for (decisions §21): the user of a session, an access token (its owner, and the token's
 * name), or the command line. Names are read when an entry is written, only when there is one, so that a unit of work
 * that changes nothing audited costs nothing more; the entry keeps them as they were.
 */
export type WorkActor =
  | { type: 'user'; id: number; name?: string }
  | { type: 'token'; id: number; tokenId: number; name?: string }
  | { type: 'cli'; name?: string };

/** What a change was, as the audit trail says it; the project is the fact's, the actor the work's. */
export type AuditFact = {
  action: AuditAction;
  entityType: AuditEntityType;
  /** Null for the project as a whole (a settings change, a member's role: see `entityId` of the member instead). */
  entityId: number | null;
  /** How the element was known at the change (a requirement's reference, a document's name). */
  reference: string | null;
  /** The document the element is in, when it is in one. */
  documentId?: number | null;
  changes?: AuditChanges;
};

/** One fact to write, with its project: null for the deletion of a project, which outlives the project's entries. */
export type AuditedFact = { projectId: number | null; fact: AuditFact };

type ResolvedActor = { type: 'user' | 'token' | 'cli'; id: number | null; name: string; tokenName: string | null };

const commandLineName = () => {
  try {
    return `command line (${userInfo().username})`;
  } catch {
    return 'command line';
  }
};

async function resolveActor(tx: Db, actor: WorkActor): Promise<ResolvedActor> {
  if (actor.type === 'cli') return { type: 'cli', id: null, name: actor.name ?? commandLineName(), tokenName: null };
  let name = actor.name;
  if (name === undefined) {
    const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id)).limit(1);
    name = row?.name ?? `#${actor.id}`;
  }
  if (actor.type === 'user') return { type: 'user', id: actor.id, name, tokenName: null };
  const [token] = await tx
    .select({ name: accessTokens.name })
    .from(accessTokens)
    .where(eq(accessTokens.id, actor.tokenId))
    .limit(1);
  return { type: 'token', id: actor.id, name, tokenName: token?.name ?? null };
}

/**
 * At most this many entries per statement: PostgreSQL takes at most 65,535 parameters in one, and an entry has 11 (a
 * category of 6,000 requirements deleted moves each of them, and each move is an entry).
 */
const ENTRIES_PER_STATEMENT = 2000;

/**
 * The statements that write the facts of a unit of work as entries, one per 2,000 of them: built here, sent by the
 * unit of work last, with its commit (db/tailed-transaction.ts).
 */
export async function auditStatements(tx: Db, actor: WorkActor, audited: AuditedFact[]): Promise<TailStatement[]> {
  if (audited.length === 0) return [];
  const who = await resolveActor(tx, actor);
  const statements: TailStatement[] = [];
  for (let start = 0; start < audited.length; start += ENTRIES_PER_STATEMENT) {
    statements.push(insertEntries(tx, who, audited.slice(start, start + ENTRIES_PER_STATEMENT)));
  }
  return statements;
}

function insertEntries(tx: Db, who: ResolvedActor, audited: AuditedFact[]): TailStatement {
  return tx.insert(auditEntries).values(
    audited.map(({ projectId, fact }) => ({
      projectId,
      actorType: who.type,
      actorId: who.id,
      actorName: who.name,
      tokenName: who.tokenName,
      action: fact.action,
      entityType: fact.entityType,
      entityId: fact.entityId,
      entityReference: fact.reference,
      documentId: fact.documentId ?? null,
      changes: fact.changes ?? {},
    })),
  );
}

/**
 * The fields of `before` and `after` whose values differ, each as `{old, new}`: what an `updated` entry holds. Values
 * are compared as JSON, so that equal lists and objects are not reported.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const old = before[field] ?? null;
    const value = after[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[field] = { old: old, new: value };
  }
  return changes;
}
