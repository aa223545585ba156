import { createFileRoute } from '@tanstack/react-router';
import { CategoryManager } from '../../features/admin-categories/category-manager.tsx';
import { SettingsPage } from '../../features/admin-settings/settings-page.tsx';

export const Route = createFileRoute('/admin/settings')({
  component: function AdminSettings() {
    return <SettingsPage categoriesPanel={<CategoryManager />} />;
  },
});
