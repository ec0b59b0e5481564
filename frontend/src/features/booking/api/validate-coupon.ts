import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function validateCoupon(couponCode: string) {
  return api.post('/v1/tripPrice/validateCoupon', { body: { couponCode } });
}

export const useValidateCoupon = () => useMutation({ mutationFn: validateCoupon });
