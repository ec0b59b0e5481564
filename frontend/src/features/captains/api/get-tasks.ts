import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { QueryConfig } from '@/lib/query-client';
import { captainApi } from '../lib/captain-session';


/** `GET /tasks?date=yyyy-MM-dd`: the captain's tasks of the day, in route order. */
export function getTasks(date: string) {
  return captainApi.get('/v1/tasks', { params: { date } });
}

export const tasksQueryOptions = (date: string) => queryOptions({ queryKey: queryKeys.captains.tasks(date), queryFn: () => getTasks(date), enabled: Boolean(date) });

export const useTasks = (date: string, config: Partial<QueryConfig<typeof tasksQueryOptions>> = {}) => useQuery({ ...tasksQueryOptions(date), ...config });
