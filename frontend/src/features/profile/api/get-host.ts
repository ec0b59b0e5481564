import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PublicProfile = {
  _id: string;
  firstName: string;
  lastName: string;
  profilePic: string;
  rating: number;
  tripCount: number;
  joinedDate: string;
  emailVerify?: boolean;
  isMobileVerified?: boolean;
  isDriverVerified?: boolean;
  currentTier?: string;
};

export async function getPublicProfile(id: string): Promise<PublicProfile> {
  return (await api.get<{ data: PublicProfile }>(`/users/gethost/${encodeURIComponent(id)}`)).data;
}

// Same key as the car page's host card: the profile opened from it is already in the cache.
export const publicProfileQueryOptions = (id: string) => queryOptions({ queryKey: ['host', id], queryFn: () => getPublicProfile(id), enabled: Boolean(id), retry: false });
export const usePublicProfile = (id: string) => useQuery(publicProfileQueryOptions(id));
