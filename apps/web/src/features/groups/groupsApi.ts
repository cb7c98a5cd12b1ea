import type { CreateGroupBody, GroupPresented } from '@reqloom/domain';
import { api } from '../../api/client';

interface Data<T> {
  data: T;
}

export const fetchMyGroups = async () => (await api.get<Data<GroupPresented[]>>('user/groups')).data;

export const createGroup = async (body: CreateGroupBody) => (await api.post<Data<GroupPresented>>('groups', body)).data;

/** Groups are top level (decisions §5): the optional namespace segment of the join link is not sent. */
export const joinGroup = async (slug: string, token: string) =>
  (await api.post<Data<GroupPresented>>(`groups/join/${encodeURIComponent(slug)}`, { token })).data;
