import type { EntityManager } from '@mikro-orm/postgresql';
import { STAFF_ROLE_LABELS, type TStaffRole } from '#shared/schemas/staff-role.ts';
import { getSettings } from '../settings/settings.ts';
import { queueComposed } from './compose.ts';
import { absoluteUrl } from './outbox.ts';
import { paragraph, rows } from './render.ts';

/** The invitation to join the team, written in the invitation's own transaction (docs/staff.md#invitations). */
export async function emailStaffInvitation(
  tx: EntityManager,
  invite: { email: string; name: string | null; role: TStaffRole; homes: string[]; invitedBy: string },
  path: string,
  days: number,
): Promise<void> {
  const settings = await getSettings(tx);
  await queueComposed(tx, settings, [
    {
      to: invite.email,
      subject: `You are invited to join ${settings.siteName}`,
      template: 'staff-invitation',
      heading: `Join the ${settings.siteName} team`,
      blocks: [
        paragraph(
          `Hello ${invite.name ?? invite.email}, ${invite.invitedBy} invites you to work with ${settings.siteName}. The link works once, within ${days} days.`,
        ),
        rows([
          ['Role', STAFF_ROLE_LABELS[invite.role]],
          ...(invite.homes.length > 0 ? [['Homes', invite.homes.join(', ')] as [string, string]] : []),
        ]),
      ],
      action: { label: 'Accept the invitation', url: absoluteUrl(path) },
    },
  ]);
}
