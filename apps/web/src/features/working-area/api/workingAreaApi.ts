import type {
  CategoryPresented,
  CreateCategoryBody,
  CreateChildrenBody,
  CreateDocumentBody,
  CreateRequirementBody,
  DocumentPresented,
  ProjectMapPresented,
  RequirementPresented,
  RestoreRequirementBody,
  RevisionListed,
  RevisionPresented,
  UpdateCategoryBody,
  UpdateDocumentBody,
  UpdateRequirementBody,
} from '@reqloom/domain';
import { api, eventsOf, written } from '../../../api/client';

interface Data<T> {
  data: T;
}

/** A document of the project structure, with its categories in tree order. */
export type StructureDocument = DocumentPresented & { categories: CategoryPresented[] };
export type RequirementWithRevisions = RequirementPresented & { revisions: RevisionPresented[] };

const data = async <T>(call: Promise<Data<T>>) => (await call).data;

export const fetchStructure = (projectId: number) =>
  data(api.get<Data<StructureDocument[]>>(`projects/structure/${projectId}`));

export const fetchProjectMap = (projectId: number) =>
  data(api.get<Data<ProjectMapPresented>>(`projects/map/${projectId}`));

export const fetchDocumentRequirements = (documentId: number) =>
  data(api.get<Data<RequirementPresented[]>>(`documents/requirements/${documentId}`));

export const fetchRequirement = (id: number) => data(api.get<Data<RequirementWithRevisions>>(`requirements/${id}`));

// Writes answer their result with the events the server sent the project for them (api/client.ts).
export const createDocument = (body: CreateDocumentBody) =>
  written(api.post<Data<DocumentPresented> & { projectDocuments: DocumentPresented[] }>('documents', body));
export const updateDocument = (id: number, body: UpdateDocumentBody) =>
  written(api.put<Data<DocumentPresented>>(`documents/${id}`, body));
export const deleteDocument = (id: number) => eventsOf(api.delete(`documents/${id}`));

export const createCategory = (body: CreateCategoryBody) =>
  written(api.post<Data<CategoryPresented>>('categories', body));
export const updateCategory = (id: number, body: UpdateCategoryBody) =>
  written(api.put<Data<CategoryPresented>>(`categories/${id}`, body));
export const deleteCategory = (id: number) => eventsOf(api.delete(`categories/${id}`));
// Served as POST: they change state (decisions §2).
export const moveCategory = (id: number, direction: 'up' | 'down') =>
  written(api.post<Data<CategoryPresented>>(`categories/moveorder${direction}/${id}`));

export const createRequirement = (body: CreateRequirementBody) =>
  written(api.post<Data<RequirementPresented>>('requirements', body));
export const updateRequirement = (id: number, body: UpdateRequirementBody) =>
  written(api.put<Data<RequirementPresented>>(`requirements/${id}`, body));
export const fetchRevisions = (id: number) => data(api.get<Data<RevisionListed[]>>(`requirements/revisions/${id}`));
export const restoreRequirement = (id: number, body: RestoreRequirementBody) =>
  written(api.post<Data<RequirementPresented>>(`requirements/restore/${id}`, body));
export const createChildren = (id: number, body: CreateChildrenBody) =>
  written(api.put<Data<RequirementPresented[]>>(`requirements/createchildren/${id}`, body));
export const copyRequirement = (id: number) => written(api.post<Data<RequirementPresented>>(`requirements/copy/${id}`));
export const moveRequirement = (id: number, direction: 'up' | 'down') =>
  written(api.post<Data<RequirementPresented>>(`requirements/moveorder${direction}/${id}`));
export const deleteRequirement = (id: number) => eventsOf(api.delete(`requirements/${id}`));
