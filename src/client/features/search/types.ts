/** The search dialog's tabs (docs/product.md#guest-data): Where, When, Who. */
export type TSearchTab = 'location' | 'dates' | 'guests';

export interface TSearchDialogState {
  opened: boolean;
  tab: TSearchTab;
}
