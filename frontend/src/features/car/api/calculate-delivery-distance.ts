import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';


export function calculateDeliveryDistance(carId: string, lat: number, lng: number) {
  // GeoJSON order, [longitude, latitude] (the server reads only the coordinates).
  return api.post('/v1/cars/calculateMaxDeliveryDistance/{id}', { path: { id: carId }, body: { deliveryLocation: { coordinates: [lng, lat] } } });
}

export function useDeliveryDistance(carId: string) {
  return useMutation({ mutationFn: ({ lat, lng }: { lat: number; lng: number }) => calculateDeliveryDistance(carId, lat, lng) });
}
