import type { AnswerEvents } from '@reqloom/domain';
import type { WireEvent } from './wireEvent';

/**
 * A write's answer as the actions take it: its result, and the events the server sent the project's room for it
 * (issue 33), which the caller applies as the socket applies other members' (its own socket is spared them).
 */
export type Written<T> = { data: T; events: WireEvent[] };

/** The result of a write answered `{data, events}`. */
export async function written<T>(call: Promise<{ data: T } & AnswerEvents>): Promise<Written<T>> {
  const answer = await call;
  return { data: answer.data, events: answer.events ?? [] };
}

/** The events of a write answered without a result: `{events}` (the client asks for them), or nothing (204). */
export async function eventsOf(call: Promise<AnswerEvents | undefined>): Promise<WireEvent[]> {
  return (await call)?.events ?? [];
}
