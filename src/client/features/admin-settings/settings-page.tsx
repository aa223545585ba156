import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { TSettings } from '#shared/schemas/settings.ts';
import { AdminPageHeader } from '../../components/admin-page-header.tsx';
import { LoadingLine } from '../../components/loading-line.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { settingsQueryOptions, useSaveSettings } from './api.ts';
import { useSettingsForm } from './settings-panels.tsx';
import { FIELD_TAB, SettingsTabs, TAB_ORDER, type TTab } from './settings-tabs.tsx';
import '../../styles/more-components.css';

/**
 * Settings (docs/product.md#admin-settings): six tabs over one form validated by ZSettings, the schema the server
 * applies too; saved to the one settings record (docs/decisions.md#settings). The Categories tab is passed in; its
 * dialogs submit their own forms only (DialogForm), and this form ignores any submit that is not its own.
 */
export function SettingsPage({ categoriesPanel }: { categoriesPanel: ReactNode }) {
  const { isLoading: authLoading } = useAuth();
  const [tab, setTab] = useState<TTab>('general');
  const settings = useQuery(settingsQueryOptions());
  const form = useSettingsForm();

  const { initialize } = form;
  useEffect(() => {
    if (settings.data) initialize(settings.data);
  }, [settings.data, initialize]);

  const save = useSaveSettings((saved) => {
    // The saved values become the new baseline.
    form.setInitialValues(saved);
    form.setValues(saved);
    form.resetDirty(saved);
  });

  if (authLoading) return <LoadingLine />;
  if (settings.isPending) {
    return (
      <Center py={80}>
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Loading settings...</Text>
        </Stack>
      </Center>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" title="Failed to load settings">
        {errorMessage(settings.error, 'Please try again later.')}
      </Alert>
    );
  }

  const submit = form.onSubmit(
    (values) => save.mutate(values),
    (errors) => {
      const tabs = Object.keys(errors).map((field) => FIELD_TAB[field as keyof TSettings]);
      const first = TAB_ORDER.find((t) => tabs.includes(t));
      if (first && !tabs.includes(tab)) setTab(first);
    },
  );
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    // A form inside a dialog (in a portal) bubbles through the React tree: it is never ours.
    if (e.target !== e.currentTarget) return;
    submit(e);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Settings">
      <UnsavedChangesPrompt dirty={form.isDirty() && !save.isPending} />
      <AdminPageHeader
        title="Settings"
        description="Manage your site, business, booking and integration settings"
        actions={
          <Button
            type="submit"
            loading={save.isPending}
            loaderProps={{ type: 'dots' }}
            disabled={save.isPending}
            data-testid="save-settings"
          >
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        }
      />
      <SettingsTabs tab={tab} setTab={setTab} form={form} categoriesPanel={categoriesPanel} />
    </form>
  );
}
