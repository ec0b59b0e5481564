import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { captainApi } from '../lib/captain-session';
import type { CaptainTask } from '../lib/steps';

/** `GET /captains/tasks/{id}`: one of the captain's tasks (another captain's is 404). */
export async function getTask(taskId: string): Promise<CaptainTask> {
  const r = await captainApi.get('/v1/captains/tasks/{id}', { path: { id: taskId } });
  return r.data;
}

export const taskQueryOptions = (taskId: string) => queryOptions({ queryKey: queryKeys.captains.task(taskId), queryFn: () => getTask(taskId), enabled: Boolean(taskId) });

export const useTask = (taskId: string) => useQuery(taskQueryOptions(taskId));
