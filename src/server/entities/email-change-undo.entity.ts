import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { User } from './user.entity.ts';

/**
 * The way back from an e-mail change, sent to the old address (docs/decisions.md#email-change-undo): the id
 * is the SHA-256 of the link's token, never the token.
 */
export const EmailChangeUndo = defineEntity({
  name: 'EmailChangeUndo',
  tableName: 'email_change_undos',
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    oldEmail: p.string().length(255),
    createdAt: createdAtProperty(),
    expiresAt: p.datetime(),
  },
});
export type IEmailChangeUndo = InferEntity<typeof EmailChangeUndo>;
