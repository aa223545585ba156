import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSettings } from '#shared/schemas/settings.ts';
import { trpc, type TRouterOutputs } from '../../lib/trpc.ts';

/** The stored settings, always read fresh when the page opens. */
export const settingsQueryOptions = () => trpc.settings.get.queryOptions(undefined, { staleTime: 0 });

/** The newest email in the outbox: what the Email Service status can honestly report. */
export const emailStatusQueryOptions = () =>
  trpc.settings.emailStatus.queryOptions(undefined, { staleTime: 0 });

/** Save: the saved values become the baseline, and the guest site's public config follows at once. */
export function useSaveSettings(onSaved: (saved: TSettings) => void) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: async (saved) => {
        onSaved(saved);
        queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
        notifications.show({
          title: 'Settings saved',
          message: 'Your changes have been saved successfully.',
          color: 'green',
        });
        await queryClient.invalidateQueries(trpc.config.get.queryFilter());
      },
      onError: () => {
        notifications.show({
          title: 'Error',
          message: 'Failed to save settings. Please try again.',
          color: 'red',
        });
      },
    }),
  );
}

/** The payment schedule, saved apart from the settings form (each booking snapshots it when made). */
export const paymentSettingsQuery = () => trpc.payments.settings.queryOptions(undefined, { staleTime: 0 });

/** The saved schedule goes on screen as answered, before the caller's `onDone`. */
export function useSavePaymentSettings({
  onDone,
  onError,
}: {
  onDone: (saved: TRouterOutputs['payments']['updateSettings']) => void;
  onError: (err: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.payments.updateSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(paymentSettingsQuery().queryKey, saved);
        onDone(saved);
      },
      onError,
    }),
  );
}
