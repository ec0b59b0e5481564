import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { MSG } from '../lib/messages';
import { checkExistingVin } from './check-existing-vin';
import { getCarDetailsByVin, type DecodedVehicle } from './get-car-details-by-vin';

export type VinLookup = { kind: 'registered' } | { kind: 'none'; message: string } | { kind: 'found'; vehicle: DecodedVehicle };

/**
 * The VIN step's Look up: first whether the VIN is already registered (the dialog), then its
 * details. A VIN nothing is known about is 'Car details could not be fetched for this VIN.';
 * a failed call 'Error fetching car details.' (spec 001 section 5), or the server's refusal
 * of a malformed VIN.
 */
export async function lookupVin(vin: string): Promise<VinLookup> {
  try {
    if (await checkExistingVin(vin)) return { kind: 'registered' };
    const r = await getCarDetailsByVin(vin);
    if (!r.data) return { kind: 'none', message: MSG.vinNoDetails };
    return { kind: 'found', vehicle: r.data };
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) return { kind: 'registered' };
    if (e instanceof ApiError && e.status === 400 && e.message) throw e;
    throw new Error(MSG.vinLookupFailed);
  }
}

export function useLookupVin() {
  return useMutation({ mutationFn: lookupVin });
}
