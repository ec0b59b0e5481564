import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, TripRole } from '@/api/types';
import { setSession } from '@/lib/session';
import { trip, user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { tripCareRoutes } from './trip-care-routes';

const photo = (n: number, over: Partial<{ type: string; uploadedBy: TripRole }> = {}) => ({
  url: `http://files.test/public/${n}.jpg`,
  sha256: `h${n}`,
  type: 'exterior',
  uploadedBy: 'guest' as TripRole,
  takenAt: '2030-01-10T18:00:00Z',
  ...over,
});

type Sent = { path: string; body: unknown };

function backend(photos = [photo(1), photo(2, { type: 'interior' }), photo(3, { uploadedBy: 'host' })], attach: [number, unknown] = [200, { status: true, message: 'Photos attached.', data: { photoUrls: [], photos: [] } }]) {
  const sent: Sent[] = [];
  server.use(
    http.get('*/v1/trips/getTrip/:id', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: trip() })),
    http.get('*/v1/trips/getCheckInAndCheckoutPhotos/:id', () =>
      HttpResponse.json<Answer<'/v1/trips/getCheckInAndCheckoutPhotos/{id}', 'get'>>({
        status: true,
        data: { checkIn: { photoUrls: photos.map((p) => p.url), photos }, checkout: { photoUrls: [], photos: [] } },
      }),
    ),
    http.post('*/v1/trips/attachReportPhotos/:id', async ({ request, params }) => {
      sent.push({ path: `attach/${params.id}`, body: await request.json() });
      return HttpResponse.json(attach[1] as Record<string, unknown>, { status: attach[0] });
    }),
    http.post('*/v1/image/generatePresignedUrlsForUpload', async ({ request }) => {
      const body = (await request.json()) as { files: { fileName: string; fileType: string }[] };
      sent.push({ path: 'presign', body });
      return HttpResponse.json<Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>>({
        status: true,
        urls: body.files.map((f) => ({ presignedUrl: `http://files.test/put/${f.fileName}?sig=1`, s3Url: `http://files.test/public/${f.fileName}`, key: f.fileName })),
      });
    }),
    http.put('http://files.test/put/:name', ({ params, request }) => {
      sent.push({ path: `put/${params.name}`, body: request.headers.get('content-type') });
      return new HttpResponse(null, { status: 200 });
    }),
  );
  return sent;
}

const routes = [...tripCareRoutes, { path: '/before', element: <p>the page before</p> }, { path: '/bookings', element: <p>trip page</p> }];

/** Opens the screen from another page, so "back one page" has somewhere to go. */
async function open(path: string) {
  const r = renderRoutes(routes, '/before');
  await act(() => r.router.navigate(path));
  return r;
}

describe('photo attach screen', () => {
  beforeEach(() => {
    setSession('t-guest', user());
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('gallery mode: the texts, a checkbox per own photo, and attaching the chosen ones to the issue report, then back one page', async () => {
    const sent = backend();
    const { router } = await open('/trip/photos/report-issue/damage?tripId=trip-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Photos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const boxes = await screen.findAllByRole('checkbox');
    // The host's photo is not the guest's to attach.
    expect(boxes).toHaveLength(2);
    await userEvent.click(boxes[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Attach Photos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/before'));
    expect(sent).toEqual([{ path: 'attach/trip-1', body: { kind: 'report-issue', category: 'damage', photoUrls: ['http://files.test/public/2.jpg'] } }]);
  });

  it("shows 'No Photos Found' and refuses to attach nothing", async () => {
    const sent = backend([]);
    await open('/trip/photos/incidence/smoking?tripId=trip-1');
    expect(await screen.findByText('No Photos Found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Attach Photos' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select or capture at least 1 image.');
    expect(sent).toEqual([]);
  });

  it('new-photo mode: the count, Back to the gallery, and new photos uploaded then attached to a damage report', async () => {
    const sent = backend([]);
    const { router } = await open('/trip/photos/report-damage/front_bumper?tripId=trip-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('heading', { level: 1, name: 'New Photos' })).toBeInTheDocument();
    expect(screen.getByText('Nothing selected yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Photos' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: 'Attach Photos' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select or capture at least 1 image.');
    const files = [new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }), new File([new Uint8Array(10)], 'b.jpg', { type: 'image/jpeg' })];
    await userEvent.upload(screen.getByLabelText('Choose photos'), files);
    expect(screen.getByText('2 photos selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Attach Photos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/before'));
    expect(sent[0]).toEqual({ path: 'presign', body: { files: [{ fileName: 'a.png', fileType: 'image/png' }, { fileName: 'b.jpg', fileType: 'image/jpeg' }] } });
    // The two PUTs run side by side, each with its own type.
    expect(sent.slice(1, 3).sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: 'put/a.png', body: 'image/png' },
      { path: 'put/b.jpg', body: 'image/jpeg' },
    ]);
    expect(sent[3]).toEqual({ path: 'attach/trip-1', body: { kind: 'report-damage', category: 'front_bumper', photoUrls: ['http://files.test/public/a.png', 'http://files.test/public/b.jpg'] } });
    expect(sent).toHaveLength(4);
  });

  it("shows the server's refusal and stays", async () => {
    backend(undefined, [409, { error: 'issue_not_reported', message: 'Report the issue first, then attach its photos.' }]);
    const { router } = await open('/trip/photos/report-issue/smoking?tripId=trip-1');
    await userEvent.click((await screen.findAllByRole('checkbox'))[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Attach Photos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Report the issue first, then attach its photos.');
    expect(router.state.location.pathname).toBe('/trip/photos/report-issue/smoking');
  });

  it('Close leaves for the page before; opened directly, Cancel goes to the trip', async () => {
    backend([]);
    const first = await open('/trip/photos/incidence/tolls?tripId=trip-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/before'));
    first.unmount();

    const direct = renderRoutes(routes, '/trip/photos/incidence/tolls?tripId=trip-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(direct.router.state.location.pathname).toBe('/bookings'));
    expect(direct.router.state.location.search).toBe('?tripId=trip-1');
  });

  it('asks a signed-out visitor to log in', async () => {
    localStorage.clear();
    const { resetSessionCache } = await import('@/lib/session');
    resetSessionCache();
    renderRoutes(routes, '/trip/photos/incidence/tolls?tripId=trip-1');
    const panel = (await screen.findByText('Log in to see this trip.')).closest('div') as HTMLElement;
    await userEvent.click(within(panel).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
