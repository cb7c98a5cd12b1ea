import type {
  CreateProjectBody,
  ProjectPresented,
  ProjectSettings,
  TransferProjectBody,
  UpdateProjectBody,
} from '@reqloom/domain';
import { api } from '../../api/client';

interface Data<T> {
  data: T;
}

const segment = encodeURIComponent;

export const fetchMyProjects = async () => (await api.get<Data<ProjectPresented[]>>('user/projects')).data;

export const fetchProjectByPath = async (namespace: string, slug: string) =>
  (await api.get<Data<ProjectPresented>>(`projects/showfrompath/${segment(namespace)}/${segment(slug)}`)).data;

export const createProject = async (body: CreateProjectBody) =>
  (await api.post<Data<ProjectPresented>>('projects', body)).data;

export const updateProject = async (id: number, body: UpdateProjectBody) =>
  (await api.put<Data<ProjectPresented>>(`projects/${id}`, body)).data;

export const fetchProjectSettings = async (id: number) =>
  (await api.get<Data<ProjectSettings>>(`projects/settings/${id}`)).data;

export const updateProjectSettings = async (id: number, settings: Partial<ProjectSettings>) =>
  (await api.put<Data<ProjectSettings>>(`projects/settings/${id}`, { settings })).data;

export const transferProject = async (id: number, body: TransferProjectBody) =>
  (await api.put<Data<ProjectPresented>>(`projects/owner/${id}`, body)).data;

export const deleteProject = (id: number) => api.delete(`projects/${id}`);

export const joinProject = async (namespace: string, slug: string, token: string) =>
  (await api.post<Data<ProjectPresented>>(`projects/join/${segment(namespace)}/${segment(slug)}`, { token })).data;
