import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

/** The automated messages and saved replies. */
export const templatesQuery = () => trpc.messaging.templates.queryOptions();

/** A change to a template refetches the list; a deletion does so in the background. */
function useTemplatesRefetch() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templatesQuery().queryKey });
}
export function useCreateTemplate() {
  const onSuccess = useTemplatesRefetch();
  return useMutation(trpc.messaging.createTemplate.mutationOptions({ onSuccess }));
}
export function useUpdateTemplate() {
  const onSuccess = useTemplatesRefetch();
  return useMutation(trpc.messaging.updateTemplate.mutationOptions({ onSuccess }));
}
export function useDeleteTemplate() {
  const refetch = useTemplatesRefetch();
  return useMutation(trpc.messaging.deleteTemplate.mutationOptions({ onSuccess: () => void refetch() }));
}
/** A template filled in against a real booking; nothing is sent or cached. */
export const usePreviewTemplate = () => useMutation(trpc.messaging.previewTemplate.mutationOptions());

/** The homes to pick from, and a home's arrival details (always fetched again). */
export const homesQuery = () => trpc.properties.list.queryOptions();
export const homeGuideQuery = (id: number) => trpc.messaging.homeGuide.queryOptions({ id }, { staleTime: 0 });
/** The caller puts the saved details back in its form; the guide is fetched again when next opened. */
export const useSaveHomeGuide = () => useMutation(trpc.messaging.updateHomeGuide.mutationOptions());
