/**
 * Messages that more than one layer shows (schema, service, client): each is written once, here, in
 * the spec's words where the spec has them. Tests import them too, so a rewording cannot drift.
 */
/** The original app's wording (docs/product.md#guest-validation). */
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
/** The booking card's inline note when the chosen nights are already held (docs/decisions.md#booking-card-defaults). */
export const DATES_UNAVAILABLE = 'These dates are unavailable. Choose other dates.';

/** Contact Us (docs/product.md#guest-messages): its four fields are required; the toasts are the spec's. */
export const CONTACT_NAME_REQUIRED = 'Name is required';
export const CONTACT_EMAIL_REQUIRED = 'Valid email is required';
export const CONTACT_SUBJECT_REQUIRED = 'Subject is required';
export const CONTACT_MESSAGE_REQUIRED = 'Message is required';
export const CONTACT_SENT = "Message sent successfully! We'll get back to you within 24 hours.";
export const CONTACT_FAILED = 'Error sending message: Please try again later.';
export const EMAIL_NOT_RETRYABLE = 'Only a failed email can be retried';
export const EMAIL_NOT_FOUND = 'Email not found';

/** Admin back office: guests and accounts (docs/features.md#admin-back-office). */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact support.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own admin role.';
export const CANNOT_DISABLE_SELF = 'You cannot disable your own account.';
export const USER_NOT_FOUND = 'User not found';

/** A request to book takes no payment until the operator accepts it (docs/booking-operations.md#payments). */
export const REQUEST_NOT_ACCEPTED = 'This request has not been accepted yet: nothing is due until it is';

/** Message templates are told apart by name, whatever its case (docs/messaging.md#automated-messages). */
export const TEMPLATE_NAME_TAKEN = 'A template with this name already exists';
