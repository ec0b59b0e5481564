import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function sendEmailVerification(body: { email: string; firstName: string; userId: string }): Promise<{ status?: boolean; message?: string }> {
  return api.post('/users/sendEmail', body);
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
