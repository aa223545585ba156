import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { User } from './user.entity.ts';

/** A single-use password-reset link (docs/decisions.md#secret-links): the id is the SHA-256 of the token, never the token. */
export const PasswordReset = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: createdAtProperty(),
    expiresAt: p.datetime(),
  },
});
export type IPasswordReset = InferEntity<typeof PasswordReset>;
