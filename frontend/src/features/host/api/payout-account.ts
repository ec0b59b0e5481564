import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';


/** `GET /payment/stripe/hostStripeOnboardingStatus`: the payout account and how far its onboarding is. */
export function getPayoutAccount() {
  return api.get('/v1/payment/stripe/hostStripeOnboardingStatus');
}

export const payoutAccountQueryOptions = () => queryOptions({ queryKey: queryKeys.hostCars.payoutAccount, queryFn: getPayoutAccount });

export function usePayoutAccount(config?: QueryConfig<typeof payoutAccountQueryOptions>) {
  return useQuery({ ...payoutAccountQueryOptions(), ...config });
}

/**
 * `POST /payment/stripe/hostStripeAccountSetup {createOnboardingLinkOnly}`: creates the account
 * when there is none and answers a fresh onboarding link (`url`).
 */
export function setUpPayoutAccount(linkOnly: boolean) {
  return api.post('/v1/payment/stripe/hostStripeAccountSetup', { body: { createOnboardingLinkOnly: linkOnly } });
}

export function useSetUpPayoutAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setUpPayoutAccount, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.hostCars.payoutAccount }) });
}

/**
 * `GET /dev/payment/stripe/completeOnboarding/{accountId}` (development only, local payment
 * provider): plays the host filling in the provider's form.
 */
export function completeOnboardingDev(accountId: string) {
  return api.get('/v1/dev/payment/stripe/completeOnboarding/{accountId}', { path: { accountId } });
}

export function useCompleteOnboardingDev() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: completeOnboardingDev, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.hostCars.payoutAccount }) });
}
