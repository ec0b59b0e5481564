import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, Trip } from '@/api/types';
import { setSession } from '@/lib/session';
import { trip, user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { tripCareRoutes } from './trip-care-routes';

type Photos = Answer<'/v1/trips/getCheckInAndCheckoutPhotos/{id}', 'get'>;
type Sent = { path: string; body: unknown };

const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const MIN = 60_000;

function backend(t: Trip, checkIn: [number, unknown] | null = null) {
  const sent: Sent[] = [];
  const recorded: Photos['data']['checkIn']['photos'] = [];
  server.use(
    http.get('*/v1/trips/getTrip/:id', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: t })),
    http.get('*/v1/trips/getCheckInAndCheckoutPhotos/:id', () =>
      HttpResponse.json<Photos>({ status: true, data: { checkIn: { photoUrls: recorded.map((p) => p.url), photos: [...recorded] }, checkout: { photoUrls: [], photos: [] } } }),
    ),
    http.post('*/v1/image/generatePresignedUrlsForUpload', async ({ request }) => {
      const body = (await request.json()) as { files: { fileName: string; fileType: string }[] };
      return HttpResponse.json<Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>>({
        status: true,
        urls: body.files.map((f) => ({ presignedUrl: `http://files.test/put/${f.fileName}?sig=1`, s3Url: `http://files.test/public/${f.fileName}`, key: f.fileName })),
      });
    }),
    http.put('http://files.test/put/:name', () => new HttpResponse(null, { status: 200 })),
    http.post('*/v1/trips/checkIn/:id', async ({ request, params }) => {
      const body = (await request.json()) as { photoUrls: string[]; type: string; role: string };
      sent.push({ path: `checkIn/${params.id}`, body });
      if (checkIn) return HttpResponse.json(checkIn[1] as Record<string, unknown>, { status: checkIn[0] });
      for (const url of body.photoUrls) recorded.push({ url, sha256: 'x', type: body.type, uploadedBy: 'guest', takenAt: new Date().toISOString() });
      return HttpResponse.json<Answer<'/v1/trips/checkIn/{tripId}', 'post'>>({ status: true, message: 'Checked in.', data: { ...t, status: 'in_progress' } });
    }),
  );
  return sent;
}

const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });

describe('check-in', () => {
  beforeEach(() => {
    setSession('t-guest', user());
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('before the window: says when check-in opens in the car’s time zone and keeps the button disabled', async () => {
    const sent = backend(trip({ startTime: iso(3 * 60 * MIN), timeZone: 'America/New_York' }));
    renderRoutes(tripCareRoutes, '/trip/check-in?tripId=trip-1');
    const opens = await screen.findByTestId('check-in-opens');
    expect(opens).toHaveTextContent(/^Check-in opens .*(EST|EDT)/);
    expect(screen.getByText(/Check-in opens 30 minutes before your trip starts/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check in' })).toBeDisabled();
    expect(sent).toEqual([]);
    expect(document.title).toBe('Check in | Upcar');
  });

  it('in the window: exterior then interior photos are uploaded and sent, and the recorded photos show', async () => {
    const sent = backend(trip({ startTime: iso(20 * MIN) }));
    renderRoutes(tripCareRoutes, '/trip/check-in?tripId=trip-1');
    expect(await screen.findByTestId('check-in-opens')).toHaveTextContent(/^Check-in opened/);
    expect(screen.getByText('No photos yet.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Exterior photos'), [png('front.png'), png('back.png')]);
    await userEvent.upload(screen.getByLabelText('Interior photos'), png('dash.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByTestId('handover-done')).toHaveTextContent('Checked in: your photos are recorded.');
    expect(sent).toEqual([
      { path: 'checkIn/trip-1', body: { role: 'guest', type: 'exterior', photoUrls: ['http://files.test/public/front.png', 'http://files.test/public/back.png'] } },
      { path: 'checkIn/trip-1', body: { role: 'guest', type: 'interior', photoUrls: ['http://files.test/public/dash.png'] } },
    ]);
    await waitFor(() => expect(screen.getByTestId('recorded-exterior').querySelectorAll('img')).toHaveLength(2));
    expect(within(screen.getByTestId('recorded-interior')).getAllByRole('img')).toHaveLength(1);
  });

  it("asks for a photo first, and shows the server's refusal", async () => {
    const sent = backend(trip({ startTime: iso(10 * MIN) }), [400, { error: 'photo_window_closed', message: 'Photos can be added for 30 minutes after check-in.' }]);
    renderRoutes(tripCareRoutes, '/trip/check-in?tripId=trip-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select or capture at least 1 image.');
    expect(sent).toEqual([]);
    await userEvent.upload(screen.getByLabelText('Exterior photos'), png('front.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByTestId('handover-error')).toHaveTextContent('Photos can be added for 30 minutes after check-in.');
    expect(sent).toHaveLength(1);
  });

  it('names refused files and leaves them out', async () => {
    backend(trip({ startTime: iso(10 * MIN) }));
    renderRoutes(tripCareRoutes, '/trip/check-in?tripId=trip-1');
    const input = await screen.findByLabelText('Exterior photos');
    await userEvent.upload(input, [new File(['x'], 'clip.gif', { type: 'image/gif' }), png('ok.png')], { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('clip.gif is not a JPEG, PNG or HEIC photo.');
    expect(screen.getByRole('list', { name: 'Exterior photos: chosen' })).toHaveTextContent('ok.png');
    expect(screen.getByRole('list', { name: 'Exterior photos: chosen' })).not.toHaveTextContent('clip.gif');
  });

  it('check-out waits for the check-in', async () => {
    backend(trip({ status: 'confirmed', startTime: iso(10 * MIN) }));
    renderRoutes(tripCareRoutes, '/trip/check-out?tripId=trip-1');
    expect(await screen.findByTestId('status-note')).toHaveTextContent('Check out after you check in.');
    expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to check-in' })).toHaveAttribute('href', '/trip/check-in?tripId=trip-1');
  });
});
