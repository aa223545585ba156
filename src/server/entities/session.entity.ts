import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { User } from './user.entity.ts';

/** A login session (docs/decisions.md#sessions): the id is the SHA-256 of the cookie token, never the token. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: createdAtProperty(),
    /** Idle expiry, pushed forward as the session is used. */
    expiresAt: p.datetime().index(),
    /** Hard limit from creation, never extended. */
    absoluteExpiresAt: p.datetime(),
  },
});
export type ISession = InferEntity<typeof Session>;
