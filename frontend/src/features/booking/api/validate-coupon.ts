import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export function validateCoupon(couponCode: string): Promise<Answer<'/v1/tripPrice/validateCoupon', 'post'>> {
  const body: Body<'/v1/tripPrice/validateCoupon', 'post'> = { couponCode };
  return api.post('/v1/tripPrice/validateCoupon', { body });
}

export const useValidateCoupon = () => useMutation({ mutationFn: validateCoupon });
