import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Body } from '@/api/types';
import { setSession } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type Templates = Answer<'/v1/scheduledMessage/getAllTemplates', 'get'>;
type Template = Templates['data'][number];
const tpl = (over: Partial<Template>): Template => ({ _id: 'm1', name: 'Booking confirmed', message: 'Hi {guestName}!', trigger: 'booking_confirmed', offsetHours: 0, enabled: true, createdAt: '', updatedAt: '', ...over });

function setUp() {
  setSession('tok', { userId: 'host-1' });
  let list = [tpl({}), tpl({ _id: 'm2', name: 'Pickup reminder', trigger: 'before_trip_start', offsetHours: 24, message: 'See you {startTime}.' })];
  const calls: { path: string; body: unknown }[] = [];
  const answer = (t: Template) => HttpResponse.json<Answer<'/v1/scheduledMessage/updateTemplate/{id}', 'post'>>({ status: true, message: 'Template updated', data: t });
  server.use(
    http.get('*/v1/scheduledMessage/getAllTemplates', () => HttpResponse.json<Templates>({ status: true, message: '', data: list })),
    http.post('*/v1/scheduledMessage/updateEnabledStatus/:id', async ({ request, params }) => {
      const body = (await request.json()) as Body<'/v1/scheduledMessage/updateEnabledStatus/{id}', 'post'>;
      calls.push({ path: `enabled/${String(params.id)}`, body });
      list = list.map((t) => (t._id === params.id ? { ...t, enabled: Boolean(body.enabled) } : t));
      return answer(list.find((t) => t._id === params.id)!);
    }),
    http.post('*/v1/scheduledMessage/updateTemplate/:id', async ({ request, params }) => {
      const body = (await request.json()) as Body<'/v1/scheduledMessage/updateTemplate/{id}', 'post'>;
      calls.push({ path: `update/${String(params.id)}`, body });
      if (String(body.message).includes('{nickname}')) return HttpResponse.json({ error: 'unknown_placeholder', message: 'Unknown placeholder {nickname}.' }, { status: 400 });
      list = list.map((t) => (t._id === params.id ? { ...t, ...(body as Partial<Template>) } : t));
      return answer(list.find((t) => t._id === params.id)!);
    }),
    http.delete('*/v1/scheduledMessage/delete/:id', ({ params }) => {
      calls.push({ path: `delete/${String(params.id)}`, body: null });
      list = list.filter((t) => t._id !== params.id);
      return HttpResponse.json({ status: true, message: 'Template deleted' });
    }),
  );
  return calls;
}

describe('the scheduled messages page', () => {
  it('lists the templates, turns one off, edits one with the placeholders listed, and deletes one after confirming', async () => {
    const calls = setUp();
    renderRoutes(hostRoutes, '/scheduled');
    const items = await screen.findAllByTestId('template');
    expect(document.title).toBe('Scheduled Messages | Upcar');
    expect(items[1]).toHaveTextContent('24 h before the trip starts');
    const user = userEvent.setup();
    await user.click(within(items[0]).getByRole('switch', { name: 'Booking confirmed enabled' }));
    await waitFor(() => expect(within(screen.getAllByTestId('template')[0]).getByRole('switch')).not.toBeChecked());
    expect(calls[0]).toEqual({ path: 'enabled/m1', body: { enabled: false } });

    await user.click(screen.getByRole('button', { name: 'Edit Pickup reminder' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Pickup reminder' }));
    expect(dialog.getByText(/You may use: \{guestName\}, \{hostName\}, \{carName\}, \{pickupAddress\}, \{startTime\}, \{endTime\}/)).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('Message'), { target: { value: 'Hi {nickname}' } });
    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Unknown placeholder {nickname}.');
    fireEvent.change(dialog.getByLabelText('Message'), { target: { value: 'Tomorrow at {startTime}.' } });
    fireEvent.change(dialog.getByLabelText('Hours before'), { target: { value: '12' } });
    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(screen.getAllByTestId('template')[1]).toHaveTextContent('12 h before the trip starts'));
    expect(calls[2]).toEqual({ path: 'update/m2', body: { name: 'Pickup reminder', message: 'Tomorrow at {startTime}.', trigger: 'before_trip_start', offsetHours: 12 } });

    await user.click(screen.getByRole('button', { name: 'Delete Booking confirmed' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Booking confirmed?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('template')).toHaveLength(1));
    expect(calls[3]).toEqual({ path: 'delete/m1', body: null });
  }, 20_000);
});
