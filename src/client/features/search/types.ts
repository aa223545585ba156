/** The search dialog's tabs (guest-side §3): Where, When, Who. */
export type TSearchTab = 'location' | 'dates' | 'guests';

export interface TSearchDialogState {
  opened: boolean;
  tab: TSearchTab;
}
