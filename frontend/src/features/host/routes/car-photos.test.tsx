import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, Body, Schemas } from '@/api/types';
import { setSession } from '@/lib/session';
import { hostListing, hostTeam } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

// The browser's image steps: sizes by file name, JPEG out.
vi.mock('@/lib/photos/photo-tools', () => ({
  browserPhotoTools: {
    convertHeic: async (b: Blob) => new Blob([await b.arrayBuffer()], { type: 'image/jpeg' }),
    dimensions: async (b: Blob) => (b instanceof File && b.name.startsWith('small') ? { width: 200, height: 300 } : { width: 800, height: 600 }),
    compress: async () => new Blob([new Uint8Array(64)], { type: 'image/jpeg' }),
  },
}));

type UpdateBody = Body<'/v1/host/car-update/updateCarDetails/{id}', 'post'>;

const A = 'https://photos.test/ioniq-1.jpg';
const B = 'https://photos.test/ioniq-2.jpg';

/** The car, its enums, the upload links and PUTs, and the update call answering the car with the photos sent. */
function stack(car: Schemas['CarListing']) {
  const sent: { call: string; body: UpdateBody }[] = [];
  const puts: string[] = [];
  server.use(
    http.get(`*/v1/host/carListing/car/${car._id}`, () => HttpResponse.json<Answer<'/v1/host/carListing/car/{id}', 'get'>>({ status: true, carListing: car, nextStep: null })),
    http.get('*/v1/api/enums/:name', () => HttpResponse.json({ status: true, data: [] })),
    http.post('*/v1/image/generatePresignedUrlsForUpload', async ({ request }) => {
      const body = (await request.json()) as { files: { fileName: string }[] };
      return HttpResponse.json<Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>>({
        status: true,
        urls: body.files.map((f) => ({ presignedUrl: `http://files.test/put/${f.fileName}?sig=1`, s3Url: `http://files.test/public/${f.fileName}`, key: `public/${f.fileName}` })),
      });
    }),
    http.put('http://files.test/put/:name', ({ params }) => {
      puts.push(String(params.name));
      return new HttpResponse(null, { status: 200 });
    }),
    http.post('*/v1/host/car-update/:call/:id', async ({ request, params }) => {
      const body = (await request.json()) as UpdateBody;
      sent.push({ call: String(params.call), body });
      return HttpResponse.json<Answer<'/v1/host/car-update/updateCarDetails/{id}', 'post'>>({
        status: true,
        message: 'Car updated',
        data: { ...car, photoUrls: (body.photoUrls as string[] | undefined) ?? car.photoUrls, primaryPhotoUrl: (body.primaryPhotoUrl as string | undefined) ?? car.primaryPhotoUrl },
      });
    }),
  );
  return { sent, puts };
}

const urls = () => screen.getAllByTestId('photo-item').map((li) => li.getAttribute('data-url'));
const file = (name: string, type = 'image/png') => new File([new Uint8Array(100)], name, { type });

describe("a car's photos tab", () => {
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${(n += 1)}`);
    URL.revokeObjectURL = vi.fn();
  });

  it('lets the host add, reorder and remove photos and saves them with the first as the main one', async () => {
    setSession('tok', { userId: 'host-1' });
    const { sent, puts } = stack(hostListing({ photoUrls: [A, B], primaryPhotoUrl: B }));
    renderRoutes(hostRoutes, '/host/car/car-1/photos');
    await screen.findByRole('heading', { name: 'Photos' });
    // The main photo first, as saved; nothing to save yet.
    expect(urls()).toEqual([B, A]);
    expect(screen.getByRole('button', { name: 'Save photos' })).toBeDisabled();

    const user = userEvent.setup();
    await user.upload(screen.getByTestId('photo-input'), [file('rear.png'), file('small.jpg', 'image/jpeg')]);
    expect(await screen.findByText('Resolution error for small.jpg')).toBeInTheDocument();
    await waitFor(() => expect(urls()).toEqual([B, A, 'http://files.test/public/rear.jpg']));
    expect(puts).toEqual(['rear.jpg']);
    await user.click(screen.getByRole('button', { name: 'Make rear.jpg the main photo' }));
    await user.click(screen.getByRole('button', { name: 'Remove ioniq-1.jpg' }));
    expect(urls()).toEqual(['http://files.test/public/rear.jpg', B]);
    await user.click(screen.getByRole('button', { name: 'Save photos' }));
    expect(await screen.findByText('Car updated')).toBeInTheDocument();
    expect(sent).toEqual([{ call: 'updateCarDetails', body: { photoUrls: ['http://files.test/public/rear.jpg', B], primaryPhotoUrl: 'http://files.test/public/rear.jpg' } }]);
    // Saved: the car now has these photos, so there is nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save photos' })).toBeDisabled());
  }, 20_000);

  it('refuses to save no photos, and Undo changes brings the saved ones back', async () => {
    setSession('tok', { userId: 'host-1' });
    const { sent } = stack(hostListing({ photoUrls: [A], primaryPhotoUrl: A }));
    renderRoutes(hostRoutes, '/host/car/car-1/photos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove ioniq-1.jpg' }));
    expect(screen.getByText('No photos yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save photos' }));
    expect(await screen.findByText('Please upload photos before submitting.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(urls()).toEqual([A]);
    expect(screen.getByRole('button', { name: 'Save photos' })).toBeDisabled();
  }, 20_000);

  it('shows a co-host without full access the photos read only', async () => {
    setSession('tok', { userId: 'co-1' });
    stack(hostListing({ _id: 'car-5', carId: 'car-5', hostId: 'host-2', photoUrls: [A, B], primaryPhotoUrl: A }));
    server.use(http.get('*/v1/cohost/getAllTeamsForHost', () => HttpResponse.json<Answer<'/v1/cohost/getAllTeamsForHost', 'get'>>({ status: true, data: [hostTeam()] })));
    renderRoutes(hostRoutes, '/host/car/car-5/photos');
    expect(await screen.findByTestId('read-only-note')).toHaveTextContent('does not give co-hosts full access');
    const list = screen.getByRole('list', { name: "The car's photos" });
    expect(within(list).getAllByRole('img')).toHaveLength(2);
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('photo-input')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save photos' })).not.toBeInTheDocument();
  }, 20_000);
});
