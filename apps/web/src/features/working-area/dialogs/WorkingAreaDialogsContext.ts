import { createContext, type ReactNode } from 'react';
import type { CategoryPresented, RequirementPresented } from '@reqloom/domain';
import type { ImportFormat } from '../../../api/imports';
import type { StructureDocument } from '../api/workingAreaApi';

/**
 * The create and edit dialogs of spec 2 (create mode when given a place, edit mode when given an item), and the
 * import of documents from a file.
 */
export type DialogRequest =
  | { kind: 'document'; document?: StructureDocument }
  | { kind: 'import'; format: ImportFormat }
  /** A spreadsheet (decisions §24): into the document given, or a new document of the project. */
  | { kind: 'spreadsheet'; document?: StructureDocument }
  | { kind: 'category'; documentId: number; parentId?: number | null; category?: CategoryPresented }
  | { kind: 'requirement'; documentId: number; categoryId?: number | null; requirement?: RequirementPresented }
  | { kind: 'test'; documentId: number; categoryId?: number | null; test?: RequirementPresented }
  | { kind: 'children'; requirement: RequirementPresented }
  | { kind: 'links'; requirement: RequirementPresented; side: 'parents' | 'children' };

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** A red confirm button: for deletions. */
  danger?: boolean;
}

export interface WorkingAreaDialogsValue {
  open: (request: DialogRequest) => void;
  /** Asks a yes-or-no question; resolves true when confirmed. */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
}

export const WorkingAreaDialogsContext = createContext<WorkingAreaDialogsValue | null>(null);
