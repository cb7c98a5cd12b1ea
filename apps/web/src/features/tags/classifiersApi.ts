import type {
  ClassifierPresented,
  CreateClassifierBody,
  CreateTagBody,
  TagPresented,
  UpdateClassifierBody,
  UpdateTagBody,
} from '@reqloom/domain';
import { api } from '../../api/client';

// The calls of decisions §12. Answers come as `{data: …}`, like the other routes; deletions answer 204.

interface Data<T> {
  data: T;
}

const data = async <T>(call: Promise<Data<T>>) => (await call).data;

/** A document's classifiers with their tags, in creation order. */
export const fetchClassifiers = (documentId: number) =>
  data(api.get<Data<ClassifierPresented[]>>(`documents/classifiers/${documentId}`));

export const createClassifier = (body: CreateClassifierBody) =>
  data(api.post<Data<ClassifierPresented>>('classifiers', body));
export const updateClassifier = (id: number, body: UpdateClassifierBody) =>
  data(api.put<Data<ClassifierPresented>>(`classifiers/${id}`, body));
export const deleteClassifier = (id: number) => api.delete(`classifiers/${id}`);

export const createTag = (body: CreateTagBody) => data(api.post<Data<TagPresented>>('tags', body));
export const updateTag = (id: number, body: UpdateTagBody) => data(api.put<Data<TagPresented>>(`tags/${id}`, body));
export const deleteTag = (id: number) => api.delete(`tags/${id}`);
