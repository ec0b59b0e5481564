import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type SendBody = Body<'/v1/chat/sendmessage', 'post'>;

/**
 * `POST /chat/sendmessage {roomId, message, senderType, imageUrl[], clientMessageId}`: the
 * stored message (`data`). The client key makes a retried send store one message.
 */
export function sendMessage(body: SendBody & { clientMessageId: string }) {
  return api.post('/v1/chat/sendmessage', { body });
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // The list's order and previews change.
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.chat.roomLists }),
  });
}
