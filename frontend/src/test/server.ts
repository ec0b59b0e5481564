import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * One mock server for the unit tests; each test installs the handlers it needs. The session
 * check the app runs on load is answered by default.
 */
export const server = setupServer(http.post('*/v1/users/verifyToken', () => HttpResponse.json({ status: true })));
