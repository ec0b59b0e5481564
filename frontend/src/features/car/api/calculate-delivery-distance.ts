import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type DeliveryDistance = Answer<'/v1/cars/calculateMaxDeliveryDistance/{id}', 'post'>;

export function calculateDeliveryDistance(carId: string, lat: number, lng: number): Promise<DeliveryDistance> {
  // GeoJSON order, [longitude, latitude] (the server reads only the coordinates).
  const body: Body<'/v1/cars/calculateMaxDeliveryDistance/{id}', 'post'> = { deliveryLocation: { coordinates: [lng, lat] } };
  return api.post('/v1/cars/calculateMaxDeliveryDistance/{id}', { path: { id: carId }, body });
}

export function useDeliveryDistance(carId: string) {
  return useMutation({ mutationFn: ({ lat, lng }: { lat: number; lng: number }) => calculateDeliveryDistance(carId, lat, lng) });
}
