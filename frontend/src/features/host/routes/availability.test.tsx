import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Body } from '@/api/types';
import { setSession } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type Week = Answer<'/v1/trips/getHostWeeklyAvailability', 'get'>;
const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const always: Week = { status: true, message: 'Weekly availability', data: { isAlwaysAvailable: true, weeklyAvailability: days.map((day) => ({ day, isAvailable: true, startTime: '', endTime: '' })) } };

describe('the weekly hours page', () => {
  it('sends the seven days with their hours when the host is not always available', async () => {
    setSession('tok', { userId: 'host-1' });
    const sent: Body<'/v1/trips/updateWeeklyAvailability', 'post'>[] = [];
    server.use(
      http.get('*/v1/trips/getHostWeeklyAvailability', () => HttpResponse.json<Week>(always)),
      http.post('*/v1/trips/updateWeeklyAvailability', async ({ request }) => {
        const body = (await request.json()) as Body<'/v1/trips/updateWeeklyAvailability', 'post'>;
        sent.push(body);
        return HttpResponse.json<Week>({ status: true, message: 'Weekly availability updated', data: always.data });
      }),
    );
    renderRoutes(hostRoutes, '/host/settings/availability');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Always available (any day, any time)'));
    expect(document.title).toBe('Pickup & return hours | Upcar');
    expect(screen.getByRole('link', { name: 'Pickup & return hours' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('These settings apply across all vehicles.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Monday from'), { target: { value: '9:00 AM' } });
    fireEvent.change(screen.getByLabelText('Monday until'), { target: { value: '5:00 PM' } });
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    fireEvent.change(screen.getByLabelText('Tuesday from'), { target: { value: '5:00 PM' } });
    fireEvent.change(screen.getByLabelText('Tuesday until'), { target: { value: '9:00 AM' } });
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tuesday: The hours must end after they start.');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('Tuesday from'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Tuesday until'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Weekly availability updated')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].isAlwaysAvailable).toBe(false);
    expect(sent[0].weeklyAvailability).toHaveLength(7);
    expect(sent[0].weeklyAvailability?.[0]).toEqual({ day: 'Monday', isAvailable: true, startTime: '9:00 AM', endTime: '5:00 PM' });
    expect(sent[0].weeklyAvailability?.[1]).toEqual({ day: 'Tuesday', isAvailable: true, startTime: '12:00 AM', endTime: '11:59 PM' });
    expect(sent[0].weeklyAvailability?.[6]).toEqual({ day: 'Sunday', isAvailable: false });
  }, 20_000);

  it("shows a 400 answer's message (availability calls answer with 400)", async () => {
    setSession('tok', { userId: 'host-1' });
    server.use(
      http.get('*/v1/trips/getHostWeeklyAvailability', () => HttpResponse.json<Week>(always)),
      http.post('*/v1/trips/updateWeeklyAvailability', () => HttpResponse.json({ status: false, error: 'duplicate_day', message: 'Monday is listed twice.' }, { status: 400 })),
    );
    renderRoutes(hostRoutes, '/host/settings/availability');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Monday is listed twice.'));
  }, 20_000);
});
