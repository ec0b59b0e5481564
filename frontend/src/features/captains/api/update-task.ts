import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { ApiError } from '@/lib/api-client';
import { captainApi } from '../lib/captain-session';
import type { Position } from '../lib/position';
import type { CaptainTask } from '../lib/steps';

export type StepInput = { taskId: string; step: string; position: Position | null; photoUrls: string[] };

/**
 * `POST /captains/tasks/update/{id} {step, latitude, longitude, photoUrls}`: records the next step
 * (forward only: 409 `step_out_of_order`, `step_already_recorded`). The position is sent when the
 * browser gave one, else neither coordinate.
 */
export async function updateTask({ taskId, step, position, photoUrls }: StepInput): Promise<CaptainTask> {
  const r = await captainApi.post('/v1/captains/tasks/update/{id}', {
    path: { id: taskId },
    body: { step, photoUrls, ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}) },
  });
  return r.data;
}

/** The answer is the task as it now is; the day's lists are asked again. */
export function useUpdateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: (task, { taskId }) => {
      qc.setQueryData(queryKeys.captains.task(taskId), task);
      void qc.invalidateQueries({ queryKey: queryKeys.captains.tasksAll });
    },
    // A refusal may mean the task moved on elsewhere (another device, a cancellation): read it again.
    onError: (err, { taskId }) => {
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: queryKeys.captains.task(taskId) });
    },
  });
}
