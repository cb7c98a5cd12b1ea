import type {
  CreateProjectBody,
  ProjectMemberPresented,
  ProjectPresented,
  ProjectSettings,
  TransferProjectBody,
  UpdateMemberBody,
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

export const fetchProjectMembers = async (id: number) =>
  (await api.get<Data<ProjectMemberPresented[]>>(`projects/members/${id}`)).data;

export const updateProjectMember = async (id: number, userId: number, body: UpdateMemberBody) =>
  (await api.put<Data<ProjectMemberPresented>>(`projects/members/${id}/${userId}`, body)).data;

/** Removes a member, or (the caller's own id) leaves the project. */
export const removeProjectMember = (id: number, userId: number) => api.delete(`projects/members/${id}/${userId}`);

/** A new join link; the old one stops working (decisions §20). */
export const renewJoinToken = async (id: number) =>
  (await api.post<Data<ProjectPresented>>(`projects/jointoken/${id}`)).data;
