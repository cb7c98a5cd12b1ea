import { useEffect } from 'react';
import { useCurrentUser } from '../user/useCurrentUser';
import { setSidePanelOwner } from '../../lib/sidePanelStore';

/** Gives the side panel store the signed-in user, whose open panel it then shows (issue 31). */
export function useSidePanelOwner(): void {
  const userId = useCurrentUser().data?.id ?? null;
  useEffect(() => setSidePanelOwner(userId), [userId]);
}
