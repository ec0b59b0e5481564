import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type TemplatesAnswer = Awaited<ReturnType<typeof getTemplates>>;
export type Template = TemplatesAnswer['data'][number];
export type TemplateBody = Body<'/v1/scheduledMessage/updateTemplate/{id}', 'post'>;

/** `GET /scheduledMessage/getAllTemplates`: the caller's templates (the first call writes the five defaults). */
export function getTemplates() {
  return api.get('/v1/scheduledMessage/getAllTemplates');
}

export const templatesQueryOptions = () => queryOptions({ queryKey: queryKeys.hostCars.templates, queryFn: getTemplates });

export function useTemplates(config?: QueryConfig<typeof templatesQueryOptions>) {
  return useQuery({ ...templatesQueryOptions(), ...config });
}

/** `POST /scheduledMessage/createTemplate`. */
export function createTemplate(body: TemplateBody) {
  return api.post('/v1/scheduledMessage/createTemplate', { body });
}

/** `POST /scheduledMessage/updateTemplate/{id}`: the fields sent change. */
export function updateTemplate(templateId: string, body: TemplateBody) {
  return api.post('/v1/scheduledMessage/updateTemplate/{id}', { path: { id: templateId }, body });
}

/** `POST /scheduledMessage/updateEnabledStatus/{id} {enabled}`. */
export function setTemplateEnabled(templateId: string, enabled: boolean) {
  return api.post('/v1/scheduledMessage/updateEnabledStatus/{id}', { path: { id: templateId }, body: { enabled } });
}

/** `DELETE /scheduledMessage/delete/{id}`. */
export function deleteTemplate(templateId: string) {
  return api.delete('/v1/scheduledMessage/delete/{id}', { path: { id: templateId } });
}

export function useTemplateMutations() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.hostCars.templates });
  return {
    create: useMutation({ mutationFn: createTemplate, onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ templateId, body }: { templateId: string; body: TemplateBody }) => updateTemplate(templateId, body), onSuccess: refresh }),
    setEnabled: useMutation({ mutationFn: ({ templateId, enabled }: { templateId: string; enabled: boolean }) => setTemplateEnabled(templateId, enabled), onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteTemplate, onSuccess: refresh }),
  };
}
