import type { ImpactPresented } from '@reqloom/domain';
import { api } from '../../api/client';

/** GET requirements/impact/{id} (decisions §22): everything downstream of a requirement, each once. */
export const fetchImpact = async (requirementId: number): Promise<ImpactPresented> =>
  (await api.get<{ data: ImpactPresented }>(`requirements/impact/${requirementId}`)).data;
