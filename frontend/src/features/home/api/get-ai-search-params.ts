import { useMutation } from '@tanstack/react-query';
import type { Answer, Query } from '@/api/types';
import { api } from '@/lib/api-client';

export type AiSearchParams = Answer<'/v1/allai/getSearchParams', 'get'>;

export function getAiSearchParams(query: string): Promise<AiSearchParams> {
  const params: Query<'/v1/allai/getSearchParams', 'get'> = { query };
  return api.get('/v1/allai/getSearchParams', { params });
}

export function useAiSearchParams() {
  return useMutation({ mutationFn: getAiSearchParams });
}
