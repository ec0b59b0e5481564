import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';

/** `POST /users/verifyMobileOTP {userId, otp}`: the texted code; the profile's number is then verified. */
export function verifyMobileOtp(userId: string, otp: string): Promise<Answer<'/v1/users/verifyMobileOTP', 'post'>> {
  const body: Body<'/v1/users/verifyMobileOTP', 'post'> = { userId, otp };
  return api.post('/v1/users/verifyMobileOTP', { body });
}

/** The own profile and the public card (its "Verified Info") say verified from then on; so does the tier. */
export function useVerifyMobileOtp(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => verifyMobileOtp(userId, otp),
    onSuccess: () => {
      updateSessionUser({ isMobileVerified: true });
      void qc.invalidateQueries({ queryKey: queryKeys.me(userId) });
      void qc.invalidateQueries({ queryKey: queryKeys.host(userId) });
    },
  });
}
