import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function validateCoupon(couponCode: string): Promise<{ valid: boolean; message: string }> {
  return api.post('/tripPrice/validateCoupon', { couponCode });
}

export const useValidateCoupon = () => useMutation({ mutationFn: validateCoupon });
