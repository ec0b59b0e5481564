import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AiSearchParams = { fromDate: string; fromTime: string; untilDate: string; untilTime: string; location: string; latitude: number; longitude: number };

export function getAiSearchParams(query: string): Promise<AiSearchParams> {
  return api.get<AiSearchParams>('/allai/getSearchParams', { params: { query } });
}

export function useAiSearchParams() {
  return useMutation({ mutationFn: getAiSearchParams });
}
