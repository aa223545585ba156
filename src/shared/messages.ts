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
export const USERNAME_TAKEN = 'Username already exists';
export const EMAIL_TAKEN = 'Email already registered';
export const CATEGORY_DUPLICATE = 'A category with this name already exists';
export const DATES_TAKEN = 'These dates are no longer available';

/** Admin back office: guests and accounts (issue 17). */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact support.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own admin role.';
export const CANNOT_DISABLE_SELF = 'You cannot disable your own account.';
export const USER_NOT_FOUND = 'User not found';
