import type { Language } from '@reqloom/domain';
import type { AppContext } from './context';
import type { Db } from '../db/client';
import { lockProjectFirst, type ProjectLockStrength } from './locks';
import type { DomainEvent } from '../events/domain-events';
import type { PresentedEntity, Remembered, WireMessage } from '../events/wire-message';
import { auditStatements, type AuditedFact, type AuditFact, type WorkActor } from './audit';

/** A fact about a project: the ones the audit trail can say something of. */
type ProjectFact = Extract<DomainEvent, { projectId: number }>;

/**
 * One unit of work: what a service is handed instead of opening transactions of its own. Every read and write
 * of the request goes through `tx`; facts are recorded with `record` where the change happens and leave only
 * after commit. Services take a Work and call each other with it, so that an import can create and link a
 * thousand things in one transaction, and the answer is presented inside it (a concurrent delete then gives
 * 404, never a half-read row).
 */
export type Work = {
  readonly app: AppContext;
  readonly tx: Db;
  readonly lang: Language;
  record(event: DomainEvent): void;
  /**
   * Records a fact of a project with what the audit trail says of it (decisions §21): the entry is written in this
   * work's transaction, once the work is done, and a rollback leaves none.
   */
  record(event: ProjectFact, audit: AuditFact): void;
  /** An audited change that the browsers need not hear of (an export, say): only the entry. */
  audit(projectId: number | null, fact: AuditFact): void;
  /**
   * Keeps an entity as presented for the answer, so that the wire event about it reuses it instead of presenting
   * it again; used only while no later fact of the work touches the same entity.
   */
  remember(entity: PresentedEntity): void;
};

export type WorkOptions = {
  /** Who the work acts for: the audit trail's actor. */
  actor: WorkActor;
  lang?: Language;
  /** The caller's realtime connection as a room only it is in: not sent what this work causes. */
  origin?: string;
  /**
   * The project the work writes in, locked before anything else (see `lockProjectFirst`): `key share` for a write in
   * it, `update` for its deletion.
   */
  project?: { id: number; strength: ProjectLockStrength };
  /** Handed the wire events of the work once it is committed and published: those the caller answers with. */
  committed?: (wire: WireMessage[]) => void;
  /**
   * `repeatable read` for a work whose reads must all see one instant (a baseline, decisions §22): every statement
   * then sees the snapshot of the first. A write that crosses another then fails with a serialization error, which
   * is retried like a deadlock.
   */
  isolation?: 'repeatable read';
};

// PostgreSQL may end one of two crossing transactions with a deadlock or a serialization failure; both are
// safe to run again from the start (nothing of the failed try was committed, and its events were dropped).
// The locks are taken in one order (db/locks.ts), so what is left are rare crossings with work that has no project
// (accounts, groups): a few more tries, after a short random pause so that the two do not meet again at once.
const RETRIED = new Set(['40P01', '40001']);
const MAX_TRIES = 6;
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 5)));

/** How many tries ended on each retried SQLSTATE in this process: what the lock order leaves to chance. */
export const retriedTries = new Map<string, number>();

function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && 'code' in e && typeof e.code === 'string') return e.code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export async function runWork<T>(app: AppContext, options: WorkOptions, fn: (work: Work) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const events: DomainEvent[] = [];
    const audited: AuditedFact[] = [];
    const remembered: Remembered = new Map();
    try {
      const { result, wire } = await app.database.tailedTransaction(
        async (tx: Db) => {
          const work: Work = {
            app,
            tx,
            lang: options.lang ?? 'en',
            record: (event: DomainEvent, audit?: AuditFact) => {
              events.push(event);
              if (audit) audited.push({ projectId: (event as ProjectFact).projectId, fact: audit });
            },
            audit: (projectId, fact) => void audited.push({ projectId, fact }),
            remember: (entity) =>
              void remembered.set(`${entity.kind}:${entity.value.id}`, { at: events.length, entity }),
          };
          if (options.project) await lockProjectFirst(tx, options.project.id, options.project.strength);
          const result = await fn(work);
          const wire = await app.toWire(tx, events, remembered);
          // The entries go last, with the commit: on PostgreSQL in the same round trip (decisions §21: recording must
          // not slow a write).
          const tail = app.config.auditWrites ? await auditStatements(tx, options.actor, audited) : [];
          return { result: { result, wire }, tail };
        },
        options.isolation && { isolationLevel: options.isolation },
      );
      app.events.publish({ events, wire, origin: options.origin });
      options.committed?.(wire);
      return result;
    } catch (error) {
      const state = sqlState(error);
      if (state !== undefined && RETRIED.has(state)) retriedTries.set(state, (retriedTries.get(state) ?? 0) + 1);
      if (attempt < MAX_TRIES && state !== undefined && RETRIED.has(state)) {
        await backOff(attempt);
        continue;
      }
      throw error;
    }
  }
}
