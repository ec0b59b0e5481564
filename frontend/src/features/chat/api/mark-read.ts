import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /chat/markRead {roomId, messageId}`: the caller's side has read the room up to that message. */
export function markRead(roomId: string, messageId: string) {
  return api.post('/v1/chat/markRead', { body: { roomId, messageId } });
}

export function useMarkRead() {
  return useMutation({ mutationFn: ({ roomId, messageId }: { roomId: string; messageId: string }) => markRead(roomId, messageId) });
}
