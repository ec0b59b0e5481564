import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type FeedAnswer = Answer<'/v1/host/calendar/feed/{carId}', 'get'>;
export type ImportsAnswer = Answer<'/v1/host/calendar/imports/{carId}', 'get'>;
export type CalendarImport = ImportsAnswer['data'][number];
export type ImportBody = Body<'/v1/host/calendar/imports/{carId}', 'post'>;
export type AddImportAnswer = Answer<'/v1/host/calendar/imports/{carId}', 'post'>;
export type DeleteImportAnswer = Answer<'/v1/host/calendar/imports/{carId}/{importId}', 'delete'>;
export type RotateAnswer = Answer<'/v1/host/calendar/feed/{carId}/rotate', 'post'>;

/** `GET /host/calendar/feed/{carId}`: the car's secret calendar address (made on the first ask). */
export function getCalendarFeed(carId: string): Promise<FeedAnswer> {
  return api.get('/v1/host/calendar/feed/{carId}', { path: { carId } });
}

/** `POST /host/calendar/feed/{carId}/rotate`: a new address; the old one stops answering. */
export function rotateCalendarFeed(carId: string): Promise<RotateAnswer> {
  return api.post('/v1/host/calendar/feed/{carId}/rotate', { path: { carId } });
}

export function getCalendarImports(carId: string): Promise<ImportsAnswer> {
  return api.get('/v1/host/calendar/imports/{carId}', { path: { carId } });
}

export function addCalendarImport(carId: string, url: string): Promise<AddImportAnswer> {
  const body: ImportBody = { url };
  return api.post('/v1/host/calendar/imports/{carId}', { path: { carId }, body });
}

export function deleteCalendarImport(carId: string, importId: string): Promise<DeleteImportAnswer> {
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
