import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer, Body, Schemas } from '@/api/types';
import { user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { pagesRoutes } from './pages-routes';

type TicketBody = Body<'/v1/admin/tasks', 'post'>;

function ticket(over: Partial<Schemas['Ticket']> = {}): Schemas['Ticket'] {
  return { _id: 't-1', id: 't-1', name: 'Casey', email: 'casey@example.com', title: 'Help', description: 'Please', priority: 'high', status: 'pending', assignedTo: 'support_team', metadata: { createdBy: '', source: 'web' }, lastSeq: 0, createdAt: '2026-11-27T10:00:00Z', updatedAt: '2026-11-27T10:00:00Z', ...over };
}

/** Answers the ticket call after `release()`, recording the body. */
function ticketServer(answer: () => Response) {
  const bodies: TicketBody[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  server.use(
    http.post('*/v1/admin/tasks', async ({ request }) => {
      bodies.push((await request.json()) as TicketBody);
      await gate;
      return answer();
    }),
  );
  return { bodies, release };
}

const created = () => HttpResponse.json<Answer<'/v1/admin/tasks', 'post'>>({ status: true, message: 'Service Ticket Created Successfully!', data: ticket() }, { status: 201 });

async function openModal() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create a service ticket' }));
  return screen.getByRole('dialog', { name: 'Create a service ticket' });
}

afterEach(() => vi.useRealTimers());

describe('/help', () => {
  it('shows the support hours and whether support is open now, in Pacific Time', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T18:30:00Z'), toFake: ['Date'] }); // Friday 10:30 AM PT
    renderRoutes(pagesRoutes, '/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Help and contact | Upcar'));
    const hours = screen.getByRole('table');
    expect(within(hours).getByRole('row', { name: /Messaging and tickets/ })).toHaveTextContent('Mon-Fri 9 AM-8 PM');
    expect(within(hours).getByRole('row', { name: /Phone/ })).toHaveTextContent('Mon-Fri 10 AM-5 PM');
    expect(within(hours).getByRole('row', { name: /Email/ })).toHaveTextContent('Replies within 24 hours');
    expect(screen.getByTestId('status-messaging')).toHaveTextContent('Open now, until 8 PM Pacific Time');
    expect(screen.getByTestId('status-phone')).toHaveTextContent('Open now, until 5 PM Pacific Time');
    expect(screen.getByText('How do I cancel?')).toBeInTheDocument();
  });

  it('says when support opens again on a weekend', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T20:00:00Z'), toFake: ['Date'] }); // Saturday noon PT
    renderRoutes(pagesRoutes, '/help');
    expect(await screen.findByTestId('status-messaging')).toHaveTextContent('Closed now, opens Monday at 9 AM Pacific Time');
    expect(screen.getByTestId('status-phone')).toHaveTextContent('Closed now, opens Monday at 10 AM Pacific Time');
  });
});

describe('the service ticket modal', () => {
  it('asks an anonymous visitor for name and email, submits, then shows the success view', async () => {
    const { bodies, release } = ticketServer(created);
    renderRoutes(pagesRoutes, '/help');
    const dialog = await openModal();
    const ui = within(dialog);
    await userEvent.click(ui.getByRole('button', { name: 'Submit ticket' }));
    for (const m of ['Name is required', 'Please enter your email address', 'Title is required', 'Description is required']) expect(ui.getByText(m)).toBeInTheDocument();
    await userEvent.type(ui.getByLabelText('Name'), 'Casey Visitor');
    await userEvent.type(ui.getByLabelText('Email'), 'casey@');
    await userEvent.type(ui.getByLabelText('Title'), 'Map does not load');
    await userEvent.type(ui.getByLabelText('Description'), 'On my phone.');
    await userEvent.click(ui.getByRole('button', { name: 'Submit ticket' }));
    expect(ui.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await userEvent.type(ui.getByLabelText('Email'), 'Example.com');
    await userEvent.click(ui.getByRole('button', { name: 'Submit ticket' }));

    // Submitting: the button says so and the dialog cannot be closed.
    expect(await ui.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(ui.getByRole('button', { name: 'Close' })).toBeDisabled();
    release();
    expect(await ui.findByTestId('ticket-success')).toHaveTextContent('Service Ticket Created Successfully!');
    expect(ui.getByText('Our team will review your ticket and get back to you shortly.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        title: 'Map does not load',
        description: 'On my phone.',
        name: 'Casey Visitor',
        email: 'casey@example.com',
        priority: 'high',
        status: 'pending',
        assignedTo: 'support_team',
        metadata: { createdBy: '', source: 'support_page' },
      },
    ]);
    await userEvent.click(ui.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a signed-in member only for title and description; their identity comes from the token', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('user', JSON.stringify(user({ userId: 'u-7', _id: 'u-7', firstName: 'Dana', lastName: 'Lee', email: 'dana@example.com' })));
    const { bodies, release } = ticketServer(created);
    release();
    renderRoutes(pagesRoutes, '/help');
    const ui = within(await openModal());
    expect(ui.getByTestId('ticket-identity')).toHaveTextContent('Sent as Dana Lee (dana@example.com)');
    expect(ui.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(ui.queryByLabelText('Email')).not.toBeInTheDocument();
    await userEvent.type(ui.getByLabelText('Title'), 'Licence check');
    await userEvent.type(ui.getByLabelText('Description'), 'Please look at my upload.');
    await userEvent.click(ui.getByRole('button', { name: 'Submit ticket' }));
    expect(await ui.findByTestId('ticket-success')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('name');
    expect(bodies[0]).not.toHaveProperty('email');
    expect(bodies[0]).toMatchObject({ title: 'Licence check', description: 'Please look at my upload.', metadata: { createdBy: 'u-7', source: 'support_page' } });
  });

  it("shows the server's message in the error banner, the spec's text when the call fails, and keeps the form", async () => {
    server.use(http.post('*/v1/admin/tasks', () => HttpResponse.json({ error: 'invalid_email', message: 'Please enter a valid email address' }, { status: 400 })));
    renderRoutes(pagesRoutes, '/help');
    const ui = within(await openModal());
    await userEvent.type(ui.getByLabelText('Name'), 'Casey');
    await userEvent.type(ui.getByLabelText('Email'), 'casey@example.com');
    await userEvent.type(ui.getByLabelText('Title'), 'Hello');
    await userEvent.type(ui.getByLabelText('Description'), 'World');
    await userEvent.click(ui.getByRole('button', { name: 'Submit ticket' }));
    expect(await ui.findByTestId('ticket-error')).toHaveTextContent('Please enter a valid email address');
    server.use(http.post('*/v1/admin/tasks', () => HttpResponse.error()));
    await userEvent.click(ui.getByRole('button', { name: 'Submit ticket' }));
    await waitFor(() => expect(ui.getByTestId('ticket-error')).toHaveTextContent('Failed to create ticket. Please try again.'));
    expect(ui.getByLabelText('Title')).toHaveValue('Hello');
    expect(ui.queryByTestId('ticket-success')).not.toBeInTheDocument();
  });
});
