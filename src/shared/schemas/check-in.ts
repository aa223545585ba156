import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../constants.ts';
import { ZId, zBool, zInt, zLine, zText } from './common.ts';
import { ZManageToken } from './manage.ts';

/** Online check-in, the rental agreement and door codes per stay (docs/check-in.md). */

/** The longest agreement a home may keep, as written and as filled for a stay. */
export const AGREEMENT_MAX = 20_000;
/** The ID photo as sent: an image of at most 3 MB, and its data URL (base64 adds a third, plus the header). */
export const ID_PHOTO_MAX_BYTES = IMAGE_MAX_BYTES;
export const ID_PHOTO_DATA_URL_MAX = Math.ceil((ID_PHOTO_MAX_BYTES * 4) / 3) + 100;
/** The ID photo is deleted this many days after check-out (docs/privacy.md). */
export const ID_PHOTO_KEEP_DAYS = 14;
export const DOOR_CODES_MAX = 50;
export const DOOR_CODE_LENGTH_MIN = 4;
export const DOOR_CODE_LENGTH_MAX = 8;
export const DOOR_CODE_LENGTH_DEFAULT = 6;
/** The door code shows this many hours before the home's check-in time unless the home says otherwise. */
export const DOOR_CODE_REVEAL_HOURS_DEFAULT = 24;
/** At most 30 days ahead, as the check-in instructions. */
export const DOOR_CODE_REVEAL_HOURS_MAX = 720;
export const REMINDER_DAYS_DEFAULT = 3;
export const REMINDER_DAYS_MAX = 30;
export const ADULTS_MAX = 16;

const hours = zInt(
  z
    .number({ error: 'Hours must be a number' })
    .int({ error: 'Hours must be a whole number' })
    .min(0, { error: 'Hours must be at least 0' })
    .max(DOOR_CODE_REVEAL_HOURS_MAX, { error: `Hours must be at most ${DOOR_CODE_REVEAL_HOURS_MAX}` }),
);

export const ZDoorCode = zLine('Door code')
  .trim()
  .regex(/^[0-9A-Za-z#*]{3,12}$/, {
    error: 'A door code is 3 to 12 digits or letters (# and * allowed)',
  });

export const ZCheckInSettingsFields = {
  /** The lead guest uploads a photo of their ID when checking in. */
  requireId: zBool('Require ID must be true or false'),
  /** The rental agreement, with message variables ({{guest_name}}…); null: the home has none. */
  agreement: zText('Rental agreement')
    .trim()
    .max(AGREEMENT_MAX, { error: `The rental agreement must be at most ${AGREEMENT_MAX} characters` })
    .nullable()
    .transform((v) => (v ? v : null)),
  /** The door code shows from this many hours before the home's check-in time. */
  revealHoursBefore: hours,
  /** Codes given to stays in turn; empty: each stay gets a code generated to `doorCodeLength`. */
  doorCodes: z
    .array(ZDoorCode, { error: 'Door codes must be a list' })
    .max(DOOR_CODES_MAX, { error: `At most ${DOOR_CODES_MAX} door codes` }),
  doorCodeLength: zInt(
    z
      .number({ error: 'Code length must be a number' })
      .int({ error: 'Code length must be a whole number' })
      .min(DOOR_CODE_LENGTH_MIN, { error: `Code length must be at least ${DOOR_CODE_LENGTH_MIN}` })
      .max(DOOR_CODE_LENGTH_MAX, { error: `Code length must be at most ${DOOR_CODE_LENGTH_MAX}` }),
  ),
  /** The check-in reminder goes this many days before arrival. */
  reminderDaysBefore: zInt(
    z
      .number({ error: 'Days must be a number' })
      .int({ error: 'Days must be a whole number' })
      .min(0, { error: 'Days must be at least 0' })
      .max(REMINDER_DAYS_MAX, { error: `Days must be at most ${REMINDER_DAYS_MAX}` }),
  ),
};
/** The settings as answered: plain types (an answer schema carries no transform). */
export const ZCheckInSettings = z.object({
  requireId: z.boolean(),
  agreement: z.string().nullable(),
  revealHoursBefore: z.number().int(),
  doorCodes: z.array(z.string()),
  doorCodeLength: z.number().int(),
  reminderDaysBefore: z.number().int(),
});
export type TCheckInSettings = z.output<typeof ZCheckInSettings>;
/** The settings as the editor sends them (the same schema checks the form). */
export const ZCheckInSettingsForm = z.object(ZCheckInSettingsFields);
export type TCheckInSettingsForm = z.input<typeof ZCheckInSettingsForm>;
export const ZCheckInSettingsUpdate = z.object({ id: ZId, ...ZCheckInSettingsFields });
export type TCheckInSettingsUpdate = z.input<typeof ZCheckInSettingsUpdate>;

export const CHECK_IN_SETTINGS_DEFAULTS: TCheckInSettings = {
  requireId: false,
  agreement: null,
  revealHoursBefore: DOOR_CODE_REVEAL_HOURS_DEFAULT,
  doorCodes: [],
  doorCodeLength: DOOR_CODE_LENGTH_DEFAULT,
  reminderDaysBefore: REMINDER_DAYS_DEFAULT,
};

export const ID_PHOTO_REQUIRED = 'Add a photo of your ID';
export const AGREEMENT_NAME_MISMATCH = 'Type your full name to accept the rental agreement';
export const ID_PHOTO_TOO_LARGE = `The ID photo must be at most ${ID_PHOTO_MAX_BYTES / 1024 / 1024} MB`;

/** What the guest sends (the same schema checks the form). */
export const ZCheckInFields = {
  arrivalTime: zLine('Arrival time').regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
    error: 'Arrival time must be a time as HH:MM',
  }),
  adults: z
    .array(
      zLine('Name')
        .trim()
        .min(1, { error: 'Enter the name of each adult' })
        .max(100, { error: 'A name must be at most 100 characters' }),
      { error: 'Names must be a list' },
    )
    .min(1, { error: 'Enter the name of each adult' })
    .max(ADULTS_MAX, { error: `At most ${ADULTS_MAX} adults` }),
  phone: zLine('Phone')
    .trim()
    .regex(/^\+?[0-9 ()./-]{6,30}$/, { error: 'Enter a phone number (digits, spaces, + and dashes)' }),
  /** A data URL of the lead guest's ID, when the home asks for one. */
  idPhoto: zLine('ID photo').max(ID_PHOTO_DATA_URL_MAX, { error: ID_PHOTO_TOO_LARGE }).optional(),
  /** The guest's full name, typed to accept the agreement (when the home has one). */
  agreementName: zLine('Full name')
    .trim()
    .max(200, { error: 'The name must be at most 200 characters' })
    .optional(),
};
export const ZCheckInForm = z.object(ZCheckInFields);
export type TCheckInForm = z.input<typeof ZCheckInForm>;

export const ZManageCheckInInput = z.object({ token: ZManageToken, ...ZCheckInFields });
