import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /chat/typing {roomId, isTyping}`: the caller's typing state, to the room's subscribers. */
export function sendTyping(roomId: string, isTyping: boolean) {
  return api.post('/v1/chat/typing', { body: { roomId, isTyping } });
}

export function useSendTyping() {
  return useMutation({ mutationFn: ({ roomId, isTyping }: { roomId: string; isTyping: boolean }) => sendTyping(roomId, isTyping) });
}
