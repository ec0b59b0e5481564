import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { setSession } from '@/lib/session';
import { user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { tripCareRoutes } from './trip-care-routes';

function backend(report: [number, unknown]) {
  const sent: unknown[] = [];
  server.use(
    http.get('*/v1/trips/getAllReportIssuesOption/:id', () =>
      HttpResponse.json<Answer<'/v1/trips/getAllReportIssuesOption/{id}', 'get'>>({
        status: true,
        data: [
          { type: 'damage', label: 'Damage', description: 'A dent, scratch or broken part' },
          { type: 'smoking', label: 'Smoking', description: 'Smoke or its smell' },
        ],
      }),
    ),
    http.post('*/v1/trips/reportIssue/:id', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(report[1] as Record<string, unknown>, { status: report[0] });
    }),
  );
  return sent;
}

describe('report an issue', () => {
  beforeEach(() => setSession('t-guest', user()));

  it('sends the chosen type and the description, then offers the photo screen and the charges', async () => {
    const sent = backend([200, { status: true, message: 'Issue reported.', data: null }]);
    renderRoutes(tripCareRoutes, '/trip/report-issue?tripId=trip-1');
    await userEvent.click(await screen.findByRole('radio', { name: /Smoking/ }));
    await userEvent.type(screen.getByLabelText('Description'), 'The car smelled of smoke at pickup');
    await userEvent.click(screen.getByRole('button', { name: 'Report issue' }));
    expect(await screen.findByTestId('issue-reported')).toHaveTextContent('Issue reported.');
    expect(sent).toEqual([{ type: 'smoking', description: 'The car smelled of smoke at pickup', photoUrls: [] }]);
    expect(screen.getByRole('link', { name: 'Add photos' })).toHaveAttribute('href', '/trip/photos/report-issue/smoking?tripId=trip-1');
    expect(screen.getByRole('link', { name: 'See the charges' })).toHaveAttribute('href', '/trip/summary?tripId=trip-1&kind=report-issue&category=smoking');
  });

  it("shows the server's refusal", async () => {
    backend([409, { error: 'claim_window_closed', message: 'Issues can be reported until 48 hours after the return.' }]);
    renderRoutes(tripCareRoutes, '/trip/report-issue?tripId=trip-1');
    await userEvent.click(await screen.findByRole('radio', { name: /Damage/ }));
    await userEvent.type(screen.getByLabelText('Description'), 'Dent');
    await userEvent.click(screen.getByRole('button', { name: 'Report issue' }));
    expect(await screen.findByTestId('report-error')).toHaveTextContent('Issues can be reported until 48 hours after the return.');
  });
});
