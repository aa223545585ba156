import { rest, fileRoute } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `check-in.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  settings: rest.get(
    '/properties/{id}/check-in-settings',
    "A home's online check-in settings: ID, rental agreement, door codes, reminder (admin)",
    "Whether the lead guest must upload an ID photo, the rental agreement with its variables, when the door code shows, the home's door codes or generated code length, and the reminder's days before arrival.",
  ),
  updateSettings: rest.put(
    '/properties/{id}/check-in-settings',
    "Set a home's online check-in settings (admin)",
    'Saves the settings; stays that already have a door code keep it, and an agreement already signed keeps the text signed.',
  ),
  manageCheckIn: rest.post(
    '/bookings/manage/{token}/check-in',
    'Check in online by the manage link: arrival time, adults, phone, ID photo, agreement',
    "Records the arrival time, the adults' names and a phone; the lead guest's ID photo (a data URL, at most 3 MB) when the home asks for one, kept privately; and, when the home has a rental agreement, the guest's typed full name, which signs it. Done once per booking.",
  ),
  manageAgreementPdf: fileRoute(
    rest.get(
      '/bookings/manage/{token}/agreement.pdf',
      'The signed rental agreement as a PDF, by the manage link',
      'The agreement exactly as the guest signed it, with the name typed, the time and the IP address.',
    ),
    'application/pdf',
  ),
  adminAgreementPdf: fileRoute(
    rest.get(
      '/admin/bookings/{id}/agreement.pdf',
      "A booking's signed rental agreement as a PDF (admin)",
      'The same document the guest downloads.',
    ),
    'application/pdf',
  ),
  adminIdPhoto: fileRoute(
    rest.get(
      '/admin/bookings/{id}/id-photo',
      "The lead guest's ID photo (admin; 404 to anyone else)",
      'Kept privately until its deletion after check-out (docs/privacy.md). Anyone who may not see it, staff of other homes included, is answered 404.',
    ),
    'image/jpeg',
  ),
};
