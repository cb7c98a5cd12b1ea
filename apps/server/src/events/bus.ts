import type {
  CategoryPresented,
  DocumentPresented,
  DocumentSettings,
  ProjectPresented,
  ProjectSettings,
  RequirementPresented,
} from '@reqloom/domain';

/**
 * Domain events, recorded by services after their transaction commits and fanned out by realtime
 * to the project's room. `origin` is the caller's realtime connection (X-Socket-ID), which is not
 * sent its own events back.
 */
export type DomainEvent =
  | { name: 'ProjectUpdated'; projectId: number; data: { project: ProjectPresented } }
  | { name: 'ProjectSettingsUpdated'; projectId: number; data: { project_id: number; settings: ProjectSettings } }
  | { name: 'ProjectDeleted'; projectId: number; data: { project_id: number } }
  | { name: 'ProjectStructureUpdated'; projectId: number; data: { project_id: number } }
  | { name: 'DocumentUpdated'; projectId: number; data: { document: DocumentPresented } }
  | { name: 'DocumentSettingsUpdated'; projectId: number; data: { document_id: number; settings: DocumentSettings } }
  | { name: 'DocumentDeleted'; projectId: number; data: { document_id: number } }
  | { name: 'CategoryUpdated'; projectId: number; data: { category: CategoryPresented } }
  | { name: 'CategoriesUpdated'; projectId: number; data: { document_id: number } }
  | { name: 'CategoryDeleted'; projectId: number; data: { category_id: number; document_id: number } }
  | { name: 'RequirementUpdated'; projectId: number; data: { requirement: RequirementPresented } }
  | { name: 'RequirementsUpdated'; projectId: number; data: { document_ids: number[] } }
  | { name: 'RequirementDeleted'; projectId: number; data: { requirement_id: number; document_id: number } };

export type EventName = DomainEvent['name'];
type Listener = (event: DomainEvent, origin: string | undefined) => void | Promise<void>;

export class EventBus {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: DomainEvent, origin?: string): void {
    for (const listener of this.listeners) {
      // A failing listener must not fail the call that already committed its change.
      Promise.resolve(listener(event, origin)).catch(() => undefined);
    }
  }
}
