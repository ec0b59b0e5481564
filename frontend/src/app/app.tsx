import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { makeQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { makeRouter } from './router';

export function App() {
  const [client] = useState(makeQueryClient);
  const [router] = useState(() => makeRouter(client));
  return (
    <AppProvider client={client}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
