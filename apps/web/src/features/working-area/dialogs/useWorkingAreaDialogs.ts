import { useContext } from 'react';
import { WorkingAreaDialogsContext, type WorkingAreaDialogsValue } from './WorkingAreaDialogsContext';

/** Opens the working area's dialogs; only inside WorkingAreaDialogs. */
export function useWorkingAreaDialogs(): WorkingAreaDialogsValue {
  const value = useContext(WorkingAreaDialogsContext);
  if (!value) throw new Error('useWorkingAreaDialogs outside WorkingAreaDialogs');
  return value;
}
