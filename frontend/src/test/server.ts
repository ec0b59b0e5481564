import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { SessionAnswer } from '@/api/types';
import { session } from './fixtures';

/**
 * One mock server for the unit tests; each test installs the handlers it needs. The session
 * check the app runs on load is answered by default (valid, with no user to merge into the stored one).
 */
export const server = setupServer(
  http.post('*/v1/users/verifyToken', () => HttpResponse.json<SessionAnswer>(session({ user: null }))),
  // The activity log's batches (src/lib/activity.ts) are accepted.
  // The header's unread count (a signed-in layout asks it): nothing unread.
  http.get('*/v1/chat/rooms', ({ request }) =>
    new URL(request.url).searchParams.get('limit') === '1' ? HttpResponse.json({ status: true, currentPage: 1, numPages: 0, chatboxes: [], unreadTotal: 0 }) : undefined,
  ),
  http.post('*/v1/activity/bulk', () => HttpResponse.json({ status: true, message: 'ok', data: { accepted: 0, duplicates: 0, rejected: 0, results: [] } }, { status: 202 })),
);
