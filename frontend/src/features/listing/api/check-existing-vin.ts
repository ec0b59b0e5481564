import type { Answer } from '@/api/types';
import { api } from '@/lib/api-client';

/** `GET /host/carListing/CheckExistingVIN/{vin}`: `status` true when another listing holds the VIN. */
export async function checkExistingVin(vin: string): Promise<boolean> {
  const r = await api.get<Answer<'/v1/host/carListing/CheckExistingVIN/{vin}', 'get'>>(`/host/carListing/CheckExistingVIN/${encodeURIComponent(vin)}`);
  return r.status === true;
}
