import { useEffect, useState } from 'react';
import { getToken } from '@/lib/session';
import { ChatSocket, socketUrl, type SocketStatus } from './socket';

/** One socket for the messages page while a session is open (a new one when the token changes). */
export function useChatSocket(token: string | null): { socket: ChatSocket | null; status: SocketStatus } {
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  useEffect(() => {
    if (!token) return;
    const s = new ChatSocket(socketUrl(), getToken);
    setSocket(s);
    setStatus(s.status);
    const off = s.onStatus(setStatus);
    return () => {
      off();
      s.close();
      setSocket(null);
    };
  }, [token]);
  return { socket, status };
}
