import type { ImportFormat } from '../../../api/imports';
import { useCurrentUser } from '../../user/useCurrentUser';

/** The kinds of file this user may import: ReqIF for everyone, MS Word for alpha users (spec 2 §2). */
export function useImportFormats(): readonly ImportFormat[] {
  const alpha = useCurrentUser().data?.alpha === true;
  return alpha ? ['reqif', 'msword'] : ['reqif'];
}
