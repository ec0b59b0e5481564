import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';


export function getAiSearchParams(query: string) {
  return api.get('/v1/allai/getSearchParams', { params: { query } });
}

export function useAiSearchParams() {
  return useMutation({ mutationFn: getAiSearchParams });
}
