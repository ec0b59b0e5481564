import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, Schemas } from '@/api/types';
import { setSession } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { trip } from '@/test/fixtures';
import { chatMessage, chatRoom, FakeWebSocket } from '../test-utils';
import { chatRoutes } from './chat-routes';

const routes = [...chatRoutes, { path: '/login-static', element: <p>login page</p> }];

type Room = Schemas['Room'];

/** The rooms of a view, 10 a page, as the server pages them; records the queries asked. */
function roomsServer(byView: Partial<Record<'guest' | 'host', Room[]>>, asked: string[] = []) {
  server.use(
    http.get('*/v1/chat/rooms', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(`${q.get('userType')}:${q.get('currentPage')}:${q.get('limit')}`);
      const all = byView[q.get('userType') as 'guest' | 'host'] ?? [];
      const page = Number(q.get('currentPage'));
      return HttpResponse.json<Answer<'/v1/chat/rooms', 'get'>>({ status: true, currentPage: page, numPages: Math.ceil(all.length / 10), chatboxes: all.slice((page - 1) * 10, page * 10), unreadTotal: all.reduce((n, r) => n + r.unreadCount, 0) });
    }),
  );
  return asked;
}

function roomServer(room: Room, messages: Schemas['ChatMessage'][], extra: Partial<Answer<'/v1/chat/getmessages', 'get'>> = {}) {
  server.use(
    http.get('*/v1/chat/getChatRoom', ({ request }) => {
      const id = new URL(request.url).searchParams.get('roomId');
      if (id !== room.id) return HttpResponse.json({ error: 'room_not_found', message: 'Chat room not found' }, { status: 404 });
      return HttpResponse.json<Answer<'/v1/chat/getChatRoom', 'get'>>({ status: true, chatbox: room });
    }),
    http.get('*/v1/chat/getmessages', () =>
      HttpResponse.json<Answer<'/v1/chat/getmessages', 'get'>>({ status: true, formattedMessages: messages, hasMore: false, lastReadMessageId: '', lastReadSeq: 0, lastSeq: messages.at(-1)?.seq ?? 0, ...extra }),
    ),
    http.post('*/v1/chat/markRead', () => HttpResponse.json<Answer<'/v1/chat/markRead', 'post'>>({ status: true, readMessageId: '', readSeq: 0 })),
    http.post('*/v1/chat/typing', () => HttpResponse.json<Answer<'/v1/chat/typing', 'post'>>({ status: true, sent: true })),
  );
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('the rooms list', () => {
  it("shows each room's car photo and name, the trip's dates with the year and its status, and the unread count; the open chat's header links to the trip", async () => {
    setSession('tok', { userId: 'g1' });
    roomsServer({ guest: [chatRoom({ id: 'room-1', tripId: 'trip-1', unreadCount: 2, lastMessage: { message: 'Hi', timestamp: '2026-11-26T09:00:00.000Z', masked: false } })] });
    server.use(
      http.get('*/v1/trips/getTrip/trip-1', () =>
        HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: trip({ carName: '2022 Toyota RAV4', carPhotoUrl: 'https://files.example/rav4.jpg', status: 'confirmed', startTime: '2030-01-10T10:00:00-08:00', endTime: '2030-01-12T10:00:00-08:00', timeZone: 'America/Los_Angeles' }) }),
      ),
    );
    roomServer(chatRoom({ id: 'room-1', tripId: 'trip-1' }), [chatMessage({ id: 'm1', seq: 1, message: 'Hi' })]);
    renderRoutes(routes, '/messages');
    // The page is a lazy chunk: its first load in a run takes longer than a query's default wait.
    const [link] = await screen.findAllByTestId('chat-room', {}, { timeout: 5000 });
    expect(await within(link).findByTestId('chat-room-trip')).toHaveTextContent('2022 Toyota RAV4 · Jan 10 – Jan 12, 2030 · Confirmed');
    expect(link.querySelector('img.chat-room-link__car')).toHaveAttribute('src', 'https://files.example/rav4.jpg');
    expect(within(link).getByTestId('room-unread')).toHaveTextContent('2');
    fireEvent.click(link);
    const head = await screen.findByTestId('chat-trip-link');
    expect(head).toHaveAttribute('href', '/bookings?tripId=trip-1');
    expect(head).toHaveTextContent('2022 Toyota RAV4');
    expect(head).toHaveTextContent('Jan 10 – Jan 12, 2030 · Confirmed');
  });

  it("shows the guest view's rooms with the host's name and picture, the 40-character preview and the time, newest first", async () => {
    setSession('tok', { userId: 'g1' });
    const asked = roomsServer({
      guest: [
        chatRoom({ id: 'r-old', hostName: 'Olive O.', hostProfilePic: '', lastMessage: { message: 'Older', timestamp: '2026-11-20T09:00:00.000Z', masked: false } }),
        chatRoom({ id: 'r-new', hostName: 'Harper H.', lastMessage: { message: 'The car is parked on level 2 near the elevator, see you', timestamp: '2026-11-26T09:00:00.000Z', masked: false } }),
      ],
    });
    renderRoutes(routes, '/messages');
    const links = await screen.findAllByTestId('chat-room');
    expect(asked).toEqual(['guest:1:10']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/messages/r-new', '/messages/r-old']);
    expect(within(links[0]).getByText('Harper H.')).toBeInTheDocument();
    expect(within(links[0]).getByTestId('chat-preview')).toHaveTextContent(/^The car is parked on level 2 near the el…$/);
    expect(links[0].querySelector('img.chat-avatar')).toHaveAttribute('src', 'https://files.example/harper.jpg');
    expect(within(links[0]).getByText('Nov 26')).toBeInTheDocument();
    expect(within(links[1]).getByText('O')).toBeInTheDocument();
    expect(document.title).toBe('Messages | Upcar');
  });

  it("in host view asks for the host's rooms and shows the guests; the pages show the first, the last and 2 around", async () => {
    setSession('tok', { userId: 'h1' });
    localStorage.setItem('isHostView', 'true');
    const rooms = Array.from({ length: 120 }, (_, i) => chatRoom({ id: `r${i}`, guestName: `Guest ${i}`, lastMessage: { message: `m${i}`, timestamp: new Date(Date.UTC(2026, 10, 26, 12) - i * 60_000).toISOString(), masked: false } }));
    const asked = roomsServer({ host: rooms });
    renderRoutes(routes, '/messages');
    expect(await screen.findByText('Guest 0')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Conversation pages' });
    expect(within(pages).getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '12']);
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Guest 20')).toBeInTheDocument();
    expect(within(pages).getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '12']);
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(asked).toEqual(['host:1:10', 'host:3:10']);
  });

  it("says 'No Messages' when there is none, and only logs a failure of the list", async () => {
    setSession('tok', { userId: 'g1' });
    roomsServer({ guest: [] });
    const view = renderRoutes(routes, '/messages');
    expect(await screen.findByText('No Messages')).toBeInTheDocument();
    view.unmount();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/v1/chat/rooms', () => HttpResponse.json({ error: 'profiles_unavailable', message: 'Profiles are unavailable' }, { status: 503 })));
    renderRoutes(routes, '/messages');
    expect(await screen.findByText('No Messages')).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load chat rooms', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    logged.mockRestore();
  });

  it('sends a signed-out visitor to the login page', async () => {
    renderRoutes(routes, '/messages');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });
});

describe('a room', () => {
  const room = chatRoom({ id: 'room-1' });

  it('finds the room in the pages, shows its messages on their sides and subscribes from the last number', async () => {
    setSession('tok', { userId: 'g1' });
    const others = Array.from({ length: 10 }, (_, i) => chatRoom({ id: `r${i}`, hostName: `Host ${i}`, lastMessage: { message: 'x', timestamp: `2026-11-26T1${i}:00:00.000Z`, masked: false } }));
    const asked = roomsServer({ guest: [...others, room] });
    roomServer(room, [chatMessage({ id: 'm1', seq: 1, senderId: 'h1', message: 'Welcome!' }), chatMessage({ id: 'm2', seq: 2, senderId: 'g1', senderType: 'guest', message: 'Thanks' })]);
    renderRoutes(routes, '/messages/room-1');
    const panel = await screen.findByTestId('chat-panel');
    expect(await within(panel).findByText('Welcome!')).toBeInTheDocument();
    const [theirs, mine] = within(panel).getAllByTestId('chat-message');
    expect(theirs).toHaveClass('chat-msg--theirs');
    expect(theirs).toHaveTextContent('Harper H.: Welcome!');
    expect(mine).toHaveClass('chat-msg--mine');
    expect(mine).toHaveTextContent('You: Thanks');
    // Page 2 holds it: the list shows that page with the room marked.
    await waitFor(() => expect([...new Set(asked)]).toEqual(['guest:1:10', 'guest:2:10']));
    const current = await screen.findByRole('link', { current: 'page' });
    expect(current).toHaveAttribute('href', '/messages/room-1');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Harper H. | Messages | Upcar'));

    const ws = FakeWebSocket.last();
    act(() => ws.accept('g1'));
    expect(ws.sent[0]).toEqual({ type: 'auth', token: 'tok' });
    await waitFor(() => expect(ws.frames('subscribe')).toContainEqual({ type: 'subscribe', channel: 'chat-room-1', since: 2 }));
  });

  it("shows the other party's messages and typing at once, and marks them read", async () => {
    setSession('tok', { userId: 'g1' });
    roomsServer({ guest: [room] });
    roomServer(room, [chatMessage({ id: 'm1', seq: 1, message: 'Welcome!' })]);
    const reads: unknown[] = [];
    server.use(
      http.post('*/v1/chat/markRead', async ({ request }) => {
        reads.push(await request.json());
        return HttpResponse.json({ status: true, readMessageId: 'm2', readSeq: 2 });
      }),
    );
    renderRoutes(routes, '/messages/room-1');
    await screen.findByText('Welcome!');
    const ws = FakeWebSocket.last();
    act(() => ws.accept('g1'));
    await waitFor(() => expect(ws.frames('subscribe').length).toBeGreaterThan(0));
    act(() => ws.serverSend({ type: 'typing', channel: 'chat-room-1', data: { userId: 'h1', userType: 'host', isTyping: true } }));
    expect(screen.getByText('Harper H. is typing…')).toBeInTheDocument();
    act(() => ws.serverSend({ type: 'new-message', channel: 'chat-room-1', data: chatMessage({ id: 'm2', seq: 2, message: 'Keys are in the box' }) }));
    expect(screen.getByText('Keys are in the box')).toBeInTheDocument();
    expect(screen.queryByText('Harper H. is typing…')).not.toBeInTheDocument();
    await waitFor(() => expect(reads).toEqual([{ roomId: 'room-1', messageId: 'm2' }]));
  });

  it('sends with Enter (Shift+Enter is a new line) and keeps one copy when the echo comes before the answer', async () => {
    setSession('tok', { userId: 'g1' });
    roomsServer({ guest: [room] });
    roomServer(room, [chatMessage({ id: 'm1', seq: 1, message: 'Welcome!' })]);
    const bodies: Record<string, unknown>[] = [];
    let ws: FakeWebSocket | null = null;
    server.use(
      http.post('*/v1/chat/sendmessage', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const stored = chatMessage({ id: 'm2', seq: 2, senderId: 'g1', senderType: 'guest', message: String(body.message) });
        // The socket's echo reaches the page before the answer does.
        act(() => ws?.serverSend({ type: 'new-message', channel: 'chat-room-1', data: stored }));
        return HttpResponse.json<Answer<'/v1/chat/sendmessage', 'post'>>({ status: true, messageId: 'm2', created: true, data: stored });
      }),
    );
    renderRoutes(routes, '/messages/room-1');
    await screen.findByText('Welcome!');
    ws = FakeWebSocket.last();
    act(() => ws?.accept('g1'));
    await waitFor(() => expect(ws?.frames('subscribe').length).toBeGreaterThan(0));
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Landing at 9' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(bodies).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ roomId: 'room-1', message: 'Landing at 9', senderType: 'guest', imageUrl: [] });
    expect(String(bodies[0].clientMessageId)).toMatch(/^local-/);
    await waitFor(() => expect(screen.queryByText(/Sending/)).not.toBeInTheDocument());
    expect(screen.getAllByText('Landing at 9')).toHaveLength(1);
    expect(box).toHaveValue('');
  });

  it("refuses an empty message, and shows the server's refusal keeping the text", async () => {
    setSession('tok', { userId: 'g1' });
    roomsServer({ guest: [room] });
    roomServer(room, []);
    server.use(http.post('*/v1/chat/sendmessage', () => HttpResponse.json({ error: 'message_too_long', message: 'A message is at most 4,000 characters.' }, { status: 400 })));
    renderRoutes(routes, '/messages/room-1');
    const box = await screen.findByLabelText('Message');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Cannot send an empty message')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'Too long, say' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A message is at most 4,000 characters.')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('Too long, say'));
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(0);
  });

  it("says 'Failed to send message' when the server gives no reason", async () => {
    setSession('tok', { userId: 'g1' });
    roomsServer({ guest: [room] });
    roomServer(room, []);
    server.use(http.post('*/v1/chat/sendmessage', () => HttpResponse.error()));
    renderRoutes(routes, '/messages/room-1');
    const box = await screen.findByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Hello?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
  });

  it('sends a picture: uploaded through a presigned URL, then its URL in the message', async () => {
    setSession('tok', { userId: 'g1' });
    roomsServer({ guest: [room] });
    roomServer(room, []);
    const puts: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.post('*/v1/image/generatePresignedUrlsForUpload', () =>
        HttpResponse.json<Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>>({ status: true, urls: [{ presignedUrl: 'https://files.example/put/a.png?sig=1', s3Url: 'https://files.example/a.png', key: 'a.png' }] }),
      ),
      http.put('https://files.example/put/a.png', ({ request }) => {
        puts.push(request.headers.get('content-type') ?? '');
        return new HttpResponse(null, { status: 200 });
      }),
      http.post('*/v1/chat/sendmessage', async ({ request }) => {
        bodies.push(await request.json());
        const stored = chatMessage({ id: 'm1', seq: 1, senderId: 'g1', senderType: 'guest', message: '', imageUrl: ['https://files.example/a.png'] });
        return HttpResponse.json<Answer<'/v1/chat/sendmessage', 'post'>>({ status: true, messageId: 'm1', created: true, data: stored });
      }),
    );
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => {};
    renderRoutes(routes, '/messages/room-1');
    const input = await screen.findByLabelText(/Add pictures/);
    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByAltText('Photo 1 from you')).toHaveAttribute('src', 'https://files.example/a.png');
    expect(puts).toEqual(['image/png']);
    expect(bodies).toEqual([expect.objectContaining({ message: '', imageUrl: ['https://files.example/a.png'] })]);
  });

  it('goes back to /messages with the reason when the room cannot be loaded', async () => {
    setSession('tok', { userId: 'g1' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    roomsServer({ guest: [room] });
    roomServer(room, []);
    const { router } = renderRoutes(routes, '/messages/someone-elses');
    expect(await screen.findByRole('alert')).toHaveTextContent('Chat room not found');
    expect(router.state.location.pathname).toBe('/messages');
    expect(await screen.findAllByTestId('chat-room')).toHaveLength(1);
    vi.mocked(console.error).mockRestore();
  });
});
