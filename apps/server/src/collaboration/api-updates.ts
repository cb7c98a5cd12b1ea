import type { Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { AppContext } from '../core/context';
import type { CommittedWork } from '../events/bus';
import type { CollaborationContext } from './context';
import { documentName } from '../modules/working-area/requirements/description/shared-description';

/**
 * An API change of a description while people edit it (decisions §15): the stored shared document already took
 * it, in the change's transaction; here each instance merges the same update into its live document, where it
 * meets what people typed since, as any concurrent edit would. The store hooks are skipped: the database has it.
 */
export function mergeApiUpdates(ctx: AppContext, hocuspocus: Hocuspocus<CollaborationContext>): () => void {
  return ctx.events.subscribe((work: CommittedWork) => {
    for (const event of work.events) {
      if (event.name !== 'RequirementChanged' || !event.sharedUpdate) continue;
      const document = hocuspocus.documents.get(documentName(event.requirementId));
      if (!document) continue;
      Y.applyUpdate(document, Buffer.from(event.sharedUpdate, 'base64'), { source: 'local', skipStoreHooks: true });
    }
  });
}
