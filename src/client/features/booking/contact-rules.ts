import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { ZContactInfo } from '#shared/schemas/booking.ts';
import type { TContactDraft } from './booking-draft.ts';

/**
 * The checkout's contact rules: the same ZContactInfo the server applies, as Mantine's form reads them
 * (field path to message). A chunk of its own, loaded once the guest starts on the form (checkout-form.tsx).
 */
export const contactRules: (values: TContactDraft) => Record<string, ReactNode> = zod4Resolver(ZContactInfo);
