import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type OtpSendAnswer = { status?: boolean; success?: boolean; userId?: string; message?: string; data?: { userId?: string; message?: string } };

export function loginPhone(phoneNumber: string): Promise<OtpSendAnswer> {
  return api.post<OtpSendAnswer>('/users/login/phone', { phoneNumber });
}

export function useLoginPhone() {
  return useMutation({ mutationFn: loginPhone });
}
