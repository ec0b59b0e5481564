import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';

/** `POST /users/verifyMobileOTP {userId, otp}`: the texted code; the profile's number is then verified. */
export function verifyMobileOtp(userId: string, otp: string) {
  return api.post('/v1/users/verifyMobileOTP', { body: { userId, otp } });
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
