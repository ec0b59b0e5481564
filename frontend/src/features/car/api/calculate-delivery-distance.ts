import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DeliveryDistance = { distance: number; maxDeliveryDistance: number; isWithinRange: boolean };

export function calculateDeliveryDistance(carId: string, lat: number, lng: number): Promise<DeliveryDistance> {
  return api.post(`/cars/calculateMaxDeliveryDistance/${encodeURIComponent(carId)}`, { deliveryLocation: { type: 'Point', coordinates: [lng, lat] } });
}

export function useDeliveryDistance(carId: string) {
  return useMutation({ mutationFn: ({ lat, lng }: { lat: number; lng: number }) => calculateDeliveryDistance(carId, lat, lng) });
}
