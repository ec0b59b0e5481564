import { api } from '@/lib/api-client';

/** `GET /host/carListing/CheckExistingVIN/{vin}`: `status` true when another listing holds the VIN. */
export async function checkExistingVin(vin: string): Promise<boolean> {
  const r = await api.get('/v1/host/carListing/CheckExistingVIN/{vin}', { path: { vin } });
  return r.status === true;
}
