import type {
  AccessTokenPresented,
  ChangePasswordBody,
  Preferences,
  PreferencesPatch,
  UpdateUserBody,
  UserPresented,
} from '@reqloom/domain';
import { api } from '../../api/client';

interface Data<T> {
  data: T;
}

export const fetchUser = async () => (await api.get<Data<UserPresented>>('user')).data;

export const updateUser = async (body: UpdateUserBody) => (await api.put<Data<UserPresented>>('user', body)).data;

export const updatePreferences = async (preferences: PreferencesPatch) =>
  (await api.put<Data<Preferences>>('user/preferences', { preferences })).data;

export const changePassword = (body: ChangePasswordBody) => api.post<void>('user/changepassword', body);

export const generateToken = async (name: string) =>
  (await api.post<Data<{ token: string }>>('auth/generatetoken', { name })).data.token;

export const fetchTokens = async () => (await api.get<Data<AccessTokenPresented[]>>('user/tokens')).data;

export const revokeToken = (id: number) => api.delete(`user/tokens/${id}`);
