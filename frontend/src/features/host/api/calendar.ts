import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type ImportsAnswer = Awaited<ReturnType<typeof getCalendarImports>>;
export type CalendarImport = ImportsAnswer['data'][number];

/** `GET /host/calendar/feed/{carId}`: the car's secret calendar address (made on the first ask). */
export function getCalendarFeed(carId: string) {
  return api.get('/v1/host/calendar/feed/{carId}', { path: { carId } });
}

/** `POST /host/calendar/feed/{carId}/rotate`: a new address; the old one stops answering. */
export function rotateCalendarFeed(carId: string) {
  return api.post('/v1/host/calendar/feed/{carId}/rotate', { path: { carId } });
}

export function getCalendarImports(carId: string) {
  return api.get('/v1/host/calendar/imports/{carId}', { path: { carId } });
}

export function addCalendarImport(carId: string, url: string) {
  return api.post('/v1/host/calendar/imports/{carId}', { path: { carId }, body: { url } });
}

export function deleteCalendarImport(carId: string, importId: string) {
  return api.delete('/v1/host/calendar/imports/{carId}/{importId}', { path: { carId, importId } });
}

export function useCalendarImports(carId: string) {
  return useQuery({ queryKey: queryKeys.hostCars.calendarImports(carId), queryFn: () => getCalendarImports(carId) });
}

/** Adding or removing a calendar changes the car's blocks too. */
export function useCalendarImportChange(carId: string) {
  const qc = useQueryClient();
  const onSuccess = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.hostCars.calendarImports(carId) });
    void qc.invalidateQueries({ queryKey: queryKeys.hostCars.blocks });
  };
  return {
    add: useMutation({ mutationFn: (url: string) => addCalendarImport(carId, url), onSuccess }),
    remove: useMutation({ mutationFn: (importId: string) => deleteCalendarImport(carId, importId), onSuccess }),
  };
}
