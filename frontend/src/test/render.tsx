import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AuthModals } from '@/features/auth/components/auth-modals';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
}

/** Renders routes inside the real providers, with a memory router at `url`. */
export function renderRoutes(routes: RouteObject[], url: string, client = testQueryClient()) {
  const router = createMemoryRouter(
    routes.map((r) => ({ ...r, element: (<>{r.element}<AuthModals /></>) as ReactElement })),
    { initialEntries: [url] },
  );
  const utils = render(
    <AppProvider client={client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, client };
}

export function renderWithProviders(ui: ReactElement, url = '/') {
  return renderRoutes([{ path: '*', element: ui }], url);
}
