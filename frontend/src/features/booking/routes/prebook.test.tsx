import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { user } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import PrebookRoute from './prebook';

const back = '/additional-driver?token=abc123';
const url = `/verification/prebook?nextPage=${encodeURIComponent(back)}`;
const routes = [
  { path: '/verification/prebook', element: <PrebookRoute /> },
  { path: '/additional-driver', element: <p>invitation page</p> },
];

function backend(needed: { dob: boolean; emailVerified: boolean; dlUploadNeeded: boolean }) {
  server.use(
    http.get('*/v1/users/getuser/u1', () => HttpResponse.json<Answer<'/v1/users/getuser/{id}', 'get'>>({ status: true, user: user({ email: 'dana@example.com', hasPaymentMethod: false, preBookVerifNeededFields: needed }) })),
    http.get('*/v1/users/driverDocuments', () =>
      HttpResponse.json<Answer<'/v1/users/driverDocuments', 'get'>>({ status: 'not_uploaded', dlStorageKey: null, dlBackSideStorageKey: null, selfieStorageKey: null, insuranceStorageKey: null, isDriverVerified: false }),
    ),
    http.get('*/v1/users/driverLicense', () =>
      HttpResponse.json<Answer<'/v1/users/driverLicense', 'get'>>({ status: true, message: 'Driver licence', data: { firstName: '', lastName: '', licenseNumber: '', expirationDate: '', issueDate: '', dob: '1990-04-12' } }),
    ),
    http.post('*/v1/session/generate-temp-token', () =>
      HttpResponse.json<Answer<'/v1/session/generate-temp-token', 'post'>>({ status: true, token: 'tmp', tempToken: 'tmp', isDlUploaded: false, url: '/drive-approve/upload-selfie?token=tmp', expiresAt: 1_893_456_000 }),
    ),
  );
}

describe('pre-booking verification with a page to come back to', () => {
  it('asks only what a driver needs: date of birth, licence and selfie (no email code, no card)', async () => {
    setSession('t', { userId: 'u1' });
    backend({ dob: true, emailVerified: false, dlUploadNeeded: true });
    renderRoutes(routes, url);
    expect(await screen.findByRole('heading', { level: 2, name: 'Date of birth' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify to drive' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Driver licence and selfie' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /send code/i })).not.toBeInTheDocument();
    expect(screen.getByText('Finish the steps above to continue.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('links back once the driver is verified', async () => {
    setSession('t', { userId: 'u1' });
    backend({ dob: false, emailVerified: false, dlUploadNeeded: false });
    renderRoutes(routes, url);
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', back);
    expect(screen.queryByText(/checkout/i)).not.toBeInTheDocument();
  });

  it("asks for the licence's details once its photos are in, and shows the server's refusal", async () => {
    setSession('t', { userId: 'u1' });
    backend({ dob: false, emailVerified: false, dlUploadNeeded: true });
    server.use(
      http.get('*/v1/users/driverDocuments', () =>
        HttpResponse.json<Answer<'/v1/users/driverDocuments', 'get'>>({ status: 'uploaded', dlStorageKey: 'a', dlBackSideStorageKey: 'b', selfieStorageKey: 'c', insuranceStorageKey: null, isDriverVerified: true }),
      ),
      http.put('*/v1/users/driverLicense', () => HttpResponse.json({ status: false, error: 'license_expired', message: 'This licence has expired. Add a valid licence to rent.' }, { status: 400 })),
    );
    renderRoutes(routes, url);
    expect(await screen.findByRole('heading', { name: 'Licence details' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Driver licence and selfie' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-04-12');
    const save = screen.getByRole('button', { name: 'Save licence' });
    expect(save).toBeDisabled();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('First name (as on the licence)'), 'Dana');
    await u.type(screen.getByLabelText('Last name (as on the licence)'), 'Driver');
    await u.type(screen.getByLabelText('Licence number'), 'D1234567');
    await u.type(screen.getByLabelText('Issue date'), '2020-03-01');
    await u.type(screen.getByLabelText('Expiration date'), '2021-03-01');
    await u.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('This licence has expired. Add a valid licence to rent.');
  });

  it('shows the licence on file and lets a renewed one be entered', async () => {
    setSession('t', { userId: 'u1' });
    backend({ dob: false, emailVerified: false, dlUploadNeeded: false });
    let sent: unknown = null;
    server.use(
      http.get('*/v1/users/driverLicense', () =>
        HttpResponse.json<Answer<'/v1/users/driverLicense', 'get'>>({ status: true, message: 'Driver licence', data: { firstName: 'Dana', lastName: 'Driver', licenseNumber: 'D1234567', expirationDate: '2027-01-15', issueDate: '2019-01-15', dob: '1990-04-12' } }),
      ),
      http.put('*/v1/users/driverLicense', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: true, message: 'Driver licence saved', data: sent });
      }),
    );
    renderRoutes(routes, url);
    expect(await screen.findByText('Licence D1234567 is valid through 2027-01-15. A trip can end no later than that day.')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Update licence details' }));
    const expiry = screen.getByLabelText('Expiration date');
    expect(expiry).toHaveValue('2027-01-15');
    await u.clear(expiry);
    await u.type(expiry, '2035-01-15');
    await u.click(screen.getByRole('button', { name: 'Save licence' }));
    await screen.findByRole('button', { name: 'Update licence details' });
    expect(sent).toMatchObject({ licenseNumber: 'D1234567', expirationDate: '2035-01-15', dob: '1990-04-12' });
  });

  it("says 'Error fetching DL details' when the documents' status cannot be read, and keeps the uploads", async () => {
    setSession('t', { userId: 'u1' });
    backend({ dob: false, emailVerified: false, dlUploadNeeded: true });
    server.use(http.get('*/v1/users/driverDocuments', () => HttpResponse.error()));
    renderRoutes(routes, url);
    expect(await screen.findByTestId('dl-status-error')).toHaveTextContent('Error fetching DL details');
    expect(screen.getByRole('heading', { name: 'Driver licence and selfie' })).toBeInTheDocument();
  });
});
