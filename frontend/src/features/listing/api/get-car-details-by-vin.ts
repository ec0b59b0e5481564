import type { Schemas } from '@/api/types';
import { api } from '@/lib/api-client';

export type DecodedVehicle = Schemas['Vehicle'];

/**
 * `GET /host/carListing/getCarDetailsByVIN/{vin}`: make, model, trim, style, year and
 * transmission; `data` is null when nothing is known for the VIN. Asked on the VIN step's
 * Look up button, so it is a plain call rather than a cached query.
 */
export function getCarDetailsByVin(vin: string) {
  return api.get('/v1/host/carListing/getCarDetailsByVIN/{vin}', { path: { vin } });
}
