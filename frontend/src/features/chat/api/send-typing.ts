import { useMutation } from '@tanstack/react-query';
import type { Answer } from '@/api/types';
import { api } from '@/lib/api-client';

/** `POST /chat/typing {roomId, isTyping}`: the caller's typing state, to the room's subscribers. */
export function sendTyping(roomId: string, isTyping: boolean): Promise<Answer<'/v1/chat/typing', 'post'>> {
  return api.post('/v1/chat/typing', { body: { roomId, isTyping } });
}

export function useSendTyping() {
  return useMutation({ mutationFn: ({ roomId, isTyping }: { roomId: string; isTyping: boolean }) => sendTyping(roomId, isTyping) });
}
