import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Ticket defaults (spec 000 section 9); the server applies them to anyone but support whatever is sent. */
export const TICKET_DEFAULTS = { priority: 'high', status: 'pending', assignedTo: 'support_team', source: 'support_page' } as const;

export type TicketInput = { title: string; description: string; name?: string; email?: string; userId?: string | null };

/**
 * `POST /admin/tasks`: the help page's service ticket. A signed-in caller's name and email come
 * from their account on the server (the token), so only an anonymous visitor sends them.
 */
export function createTicket({ title, description, name, email, userId }: TicketInput) {
  return api.post('/v1/admin/tasks', {
    body: {
      title,
      description,
      ...(userId ? {} : { name, email }),
      priority: TICKET_DEFAULTS.priority,
      status: TICKET_DEFAULTS.status,
      assignedTo: TICKET_DEFAULTS.assignedTo,
      metadata: { createdBy: userId ?? '', source: TICKET_DEFAULTS.source },
    },
  });
}

export function useCreateTicket() {
  return useMutation({ mutationFn: createTicket });
}
