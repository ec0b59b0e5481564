import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer, Body } from '@/api/types';
import { captainTask } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { captainSession } from '../lib/captain-session';
import type { StepName } from '../lib/steps';
import { captainRoutes } from './captain-routes';

const routes = [captainRoutes];
type Task = ReturnType<typeof captainTask>;
type StepBody = Body<'/v1/captains/tasks/update/{id}', 'post'>;

function taskAnswer(task: Task) {
  server.use(http.get(`*/v1/captains/tasks/${task.taskId}`, () => HttpResponse.json<Answer<'/v1/captains/tasks/{id}', 'get'>>({ status: true, message: '', data: task })));
}

/** The step call: records the body and answers the task with the step done (or `refuse`). */
function stepAnswer(task: Task, refuse?: { status: number; error: string; message: string }) {
  const sent: { body: StepBody; auth: string | null }[] = [];
  server.use(
    http.post(`*/v1/captains/tasks/update/${task.taskId}`, async ({ request }) => {
      const body = (await request.json()) as StepBody;
      sent.push({ body, auth: request.headers.get('authorization') });
      if (refuse) return HttpResponse.json({ error: refuse.error, message: refuse.message }, { status: refuse.status });
      const done: Task = { ...task, status: 'in_progress', step: String(body.step) as StepName, nextStep: 'delivered_to_guest', steps: [{ step: String(body.step) as StepName, at: '2030-01-10T17:05:00Z', latitude: 37.55, longitude: -121.99, photoUrls: (Array.isArray(body.photoUrls) ? body.photoUrls : []).map(String) }] };
      taskAnswer(done);
      return HttpResponse.json<Answer<'/v1/captains/tasks/update/{id}', 'post'>>({ status: true, message: 'Step recorded', data: done });
    }),
  );
  return sent;
}

function geolocation(value: Geolocation | undefined) {
  Object.defineProperty(navigator, 'geolocation', { value, configurable: true });
}

afterEach(() => geolocation(undefined));

describe('a captain task', () => {
  it('shows the details and the steps, the recorded one with its time', async () => {
    captainSession.set('cap-token', { firstName: 'Casey' });
    const task = captainTask({
      taskType: 'return_to_host',
      status: 'in_progress',
      step: 'picked_up_from_guest',
      nextStep: 'delivered_to_host',
      steps: [{ step: 'picked_up_from_guest', at: '2030-01-12T18:10:00Z', latitude: 37.3, longitude: -121.9, photoUrls: ['https://files.test/a.jpg', 'https://files.test/b.jpg'] }],
    });
    taskAnswer(task);
    renderRoutes(routes, '/captains/task-1?date=2030-01-12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toyota RAV4' })).toBeInTheDocument();
    expect(screen.getByText('Return to host')).toBeInTheDocument();
    expect(screen.getByTestId('task-status')).toHaveTextContent('In progress');
    expect(screen.getByText('Ada L.')).toBeInTheDocument();
    const steps = within(screen.getByTestId('task-steps'));
    expect(steps.getAllByRole('listitem').map((li) => li.querySelector('.task-steps__name')?.textContent)).toEqual(['Picked up from guest (done)', 'Delivered to host (next)']);
    expect(screen.getByTestId('step-picked_up_from_guest-at')).toHaveTextContent('Sat, Jan 12, 2030, 10:10 AM PST · 2 photos');
    expect(screen.getByRole('button', { name: 'Mark as delivered to host' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "← Back to the day's tasks" })).toHaveAttribute('href', '/captains/dashboard?date=2030-01-12');
    // Directions to both places open the phone's maps at their coordinates.
    expect(screen.getByRole('link', { name: 'Directions to the pickup (opens your maps)' })).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=37.55%2C-121.99&travelmode=driving');
    const delivery = screen.getByRole('link', { name: 'Directions to the delivery (opens your maps)' });
    expect(delivery).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=37.33%2C-121.89&travelmode=driving');
    expect(delivery).toHaveAttribute('target', '_blank');
    expect(delivery).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("records the next step with the browser's position and the photos uploaded through the captain's presigned URLs", async () => {
    captainSession.set('cap-token', { firstName: 'Casey' });
    geolocation({ getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 37.5501, longitude: -121.9802 } } as GeolocationPosition) } as unknown as Geolocation);
    const task = captainTask();
    taskAnswer(task);
    const sent = stepAnswer(task);
    const presigned: { body: unknown; auth: string | null }[] = [];
    const puts: { type: string | null; auth: string | null; body: string }[] = [];
    server.use(
      http.post('*/v1/captains/image/generatePresignedUrlsForUpload', async ({ request }) => {
        presigned.push({ body: await request.json(), auth: request.headers.get('authorization') });
        return HttpResponse.json<Answer<'/v1/captains/image/generatePresignedUrlsForUpload', 'post'>>({
          status: true,
          urls: [
            { presignedUrl: 'http://files.test/put/1?sig=a', s3Url: 'http://files.test/v1/files/captains/1.png', key: 'captains/1.png' },
            { presignedUrl: 'http://files.test/put/2?sig=b', s3Url: 'http://files.test/v1/files/captains/2.heic', key: 'captains/2.heic' },
          ],
        });
      }),
      http.put('http://files.test/put/:n', async ({ request }) => {
        puts.push({ type: request.headers.get('content-type'), auth: request.headers.get('authorization'), body: await request.text() });
        return new HttpResponse(null, { status: 200 });
      }),
    );
    renderRoutes(routes, '/captains/task-1?date=2030-01-10');
    await screen.findByRole('heading', { level: 1, name: 'Toyota RAV4' });
    // Node's File, which Node's fetch (under msw) can send as a body; jsdom's cannot.
    const photos = [new NodeFile(['png-bytes'], 'front.png', { type: 'image/png' }), new NodeFile(['heic-bytes!'], 'IMG_0001.HEIC', { type: '' })] as unknown as File[];
    await userEvent.upload(screen.getByTestId('step-photo-files'), photos);
    expect(screen.getByRole('list', { name: 'Photos to send' })).toHaveTextContent('front.png');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as picked up from host' }));

    expect(await screen.findByTestId('step-picked_up_from_host-at')).toHaveTextContent('Thu, Jan 10, 2030, 9:05 AM PST · 2 photos');
    expect(presigned).toEqual([{ body: { files: [{ fileName: 'front.png', fileType: 'image/png' }, { fileName: 'IMG_0001.HEIC', fileType: 'image/heic' }] }, auth: 'Bearer cap-token' }]);
    expect(puts).toEqual([
      { type: 'image/png', auth: null, body: 'png-bytes' },
      { type: 'image/heic', auth: null, body: 'heic-bytes!' },
    ]);
    expect(sent).toEqual([
      {
        body: { step: 'picked_up_from_host', latitude: 37.5501, longitude: -121.9802, photoUrls: ['http://files.test/v1/files/captains/1.png', 'http://files.test/v1/files/captains/2.heic'] },
        auth: 'Bearer cap-token',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Mark as delivered to guest' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument();
  });

  it('sends the step without a position when the browser gives none, and no photos when none are chosen', async () => {
    captainSession.set('cap-token', {});
    geolocation({ getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, message: 'denied' } as GeolocationPositionError) } as unknown as Geolocation);
    const task = captainTask();
    taskAnswer(task);
    const sent = stepAnswer(task);
    renderRoutes(routes, '/captains/task-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as picked up from host' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ step: 'picked_up_from_host', photoUrls: [] });
    expect(await screen.findByText('Picked up from host: recorded without your position')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the step (409 step_out_of_order) and keeps the chosen photos", async () => {
    captainSession.set('cap-token', {});
    const task = captainTask();
    taskAnswer(task);
    stepAnswer(task, { status: 409, error: 'step_out_of_order', message: 'Record picked_up_from_host first.' });
    renderRoutes(routes, '/captains/task-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as picked up from host' }));
    expect(await screen.findByTestId('step-error')).toHaveTextContent('Record picked_up_from_host first.');
    expect(screen.getByRole('button', { name: 'Mark as picked up from host' })).toBeEnabled();
    expect(localStorage.getItem('captainToken')).toBe('cap-token');
  });

  it('refuses photos of other types or over 20 MB before sending anything', async () => {
    captainSession.set('cap-token', {});
    taskAnswer(captainTask());
    renderRoutes(routes, '/captains/task-1');
    const input = await screen.findByTestId('step-photo-files');
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await userEvent.upload(input, [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }), big], { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('notes.pdf is not a JPEG, PNG, WebP or HEIC photo. big.jpg exceeds the maximum size of 20MB.');
    expect(screen.queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument();
  });

  it('a finished task has no button', async () => {
    captainSession.set('cap-token', {});
    taskAnswer(captainTask({ status: 'completed', step: 'delivered_to_guest', nextStep: null, steps: [
      { step: 'picked_up_from_host', at: '2030-01-10T17:05:00Z', latitude: 1, longitude: 1, photoUrls: [] },
      { step: 'delivered_to_guest', at: '2030-01-10T17:50:00Z', latitude: 1, longitude: 1, photoUrls: [] },
    ] }));
    renderRoutes(routes, '/captains/task-1');
    expect(await screen.findByTestId('task-done')).toHaveTextContent('Every step of this task is recorded.');
    expect(screen.queryByTestId('record-step')).not.toBeInTheDocument();
  });

  it('a 401 on the step clears the captain session and goes to the captain login', async () => {
    captainSession.set('cap-token', {});
    const task = captainTask();
    taskAnswer(task);
    stepAnswer(task, { status: 401, error: 'token_invalid', message: 'Invalid token' });
    const { router } = renderRoutes(routes, '/captains/task-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as picked up from host' }));
    expect(await screen.findByRole('heading', { name: 'Captain login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/captains/login');
    expect(localStorage.getItem('captainToken')).toBeNull();
  });
});
