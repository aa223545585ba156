/**
 * Messages that more than one layer shows (schema, service, client): each is written once, here, in
 * the spec's words where the spec has them. Tests import them too, so a rewording cannot drift.
 */
/** guest-side.md: "Check-out must be after check-in." */
export const CHECK_OUT_AFTER_CHECK_IN = 'Check-out must be after check-in';
export const AT_LEAST_ONE_GUEST = 'At least 1 guest is required';
export const SIGN_IN_TO_BOOK = 'Please sign in to book';
export const PROPERTY_NOT_FOUND = 'Property not found';
export const VALID_EMAIL = 'Please enter a valid email';
export const END_AFTER_START = 'End date must be after start date';
export const START_DATE_REQUIRED = 'Start date is required';
export const NIGHTLY_PRICE_REQUIRED = 'Nightly price is required';
export const FEED_URL_HTTP = 'Feed URL must be an http or https URL';
/** Past the spec (README, "Where we differ"): settings whose minimum stay is above the maximum. */
export const MIN_NIGHTS_ABOVE_MAX = 'Minimum nights cannot be more than maximum nights.';
/** The rule for a category icon (README, "Category icons"). */
export const CATEGORY_ICON_RULE =
  'Icon must be an https:// image URL, an uploaded image or a path on this site.';
export const USERNAME_TAKEN = 'Username already exists';
export const EMAIL_TAKEN = 'Email already registered';
export const CATEGORY_DUPLICATE = 'A category with this name already exists';
export const DATES_TAKEN = 'These dates are no longer available';
