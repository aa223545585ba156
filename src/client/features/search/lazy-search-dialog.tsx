import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import type { TSearchTab } from './types.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

const loadDialog = () => import('./search-dialog.tsx');
const SearchDialog = lazyRetry(loadDialog);

/** Starts fetching the dialog's code (calendar included) before the first click. */
export function preloadSearchDialog(): void {
  void loadDialog();
}

interface TProps {
  opened: boolean;
  tab: TSearchTab;
  onTabChange: (tab: TSearchTab) => void;
  onClose: () => void;
}

/** The search dialog, kept out of the first page load and mounted from its first opening on. */
export function LazySearchDialog(props: TProps) {
  return (
    <MountOnFirstOpen opened={props.opened}>
      <SearchDialog {...props} />
    </MountOnFirstOpen>
  );
}
