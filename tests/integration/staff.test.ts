import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_EXISTS,
  STAFF_INVITATION_INVALID,
  STAFF_SIGN_IN_FIRST,
} from '../../src/shared/schemas/staff.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;
const asAdmin = () => callerFor(db, admin).caller;

/** The token of the newest invitation e-mailed to `email`, read from the outbox's plain text. */
async function invitationToken(email: string): Promise<string> {
  const [row] = await db.sql<{ text: string; subject: string }>(
    `select text, subject from emails where to_address = $1 and template = 'staff-invitation' order by id desc limit 1`,
    [email],
  );
  const token = /\/team\/join\/([a-z2-7]{32})/.exec(row?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation e-mailed to ${email}`);
  return token;
}

async function errorOf(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as { code?: string; message: string };
    return { code: String(e.code), message: e.message };
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

describe('invitations', () => {
  it('e-mails a single-use link that makes a housekeeper of the given homes, signed in, in the activity log', async () => {
    const [h1, h2] = [await createProperty(db.em()), await createProperty(db.em())];
    const invite = await asAdmin().staff.invite({
      email: 'hana@example.com',
      name: 'Hana',
      role: 'housekeeper',
      propertyIds: [h2.id, h1.id],
    });
    expect(invite.homes.map((h) => h.id).sort()).toEqual([h1.id, h2.id].sort());
    const token = await invitationToken('hana@example.com');

    const visitor = callerFor(db, null, { ip: '10.1.0.1' });
    expect(await visitor.caller.staff.invitation({ token })).toEqual({
      email: 'hana@example.com',
      name: 'Hana',
      role: 'housekeeper',
      accountExists: false,
    });
    const user = await visitor.caller.staff.acceptInvitation({
      token,
      username: 'hana',
      password: 'secret-pw',
    });
    expect(user).toMatchObject({
      username: 'hana',
      email: 'hana@example.com',
      isAdmin: false,
      role: 'housekeeper',
    });
    expect(visitor.cookies.set).toHaveLength(1);

    const list = await asAdmin().staff.list();
    const hana = list.items.find((m) => m.id === user.id);
    expect(hana?.role).toBe('housekeeper');
    expect(hana?.homes.map((h) => h.id).sort()).toEqual([h1.id, h2.id].sort());
    expect(list.invitations.map((i) => i.email)).not.toContain('hana@example.com');

    // Used once: the same link now answers as an unknown one.
    const again = callerFor(db, null, { ip: '10.1.0.2' }).caller;
    expect(await errorOf(again.staff.invitation({ token }))).toEqual({
      code: 'NOT_FOUND',
      message: STAFF_INVITATION_INVALID,
    });
    expect(
      await errorOf(again.staff.acceptInvitation({ token, username: 'hana2', password: 'secret-pw' })),
    ).toMatchObject({ code: 'NOT_FOUND' });

    const trail = await asAdmin().admin.activity({ entityType: 'user' });
    const actions = trail.items.map((e) => e.action);
    expect(actions).toContain('staff.invite');
    const join = trail.items.find((e) => e.action === 'staff.join' && e.entityId === String(user.id));
    expect(join?.changes).toMatchObject({ role: { before: null, after: 'housekeeper' } });
  });

  it('refuses an e-mail already on the team with a clear 409', async () => {
    const err = await errorOf(asAdmin().staff.invite({ email: 'HANA@example.com', role: 'manager' }));
    expect(err).toEqual({ code: 'CONFLICT', message: STAFF_EXISTS });
    const adminEmail = (
      await db.sql<{ email: string }>(`select email from users where id = $1`, [admin.id])
    )[0];
    expect(
      await errorOf(asAdmin().staff.invite({ email: adminEmail?.email ?? '', role: 'manager' })),
    ).toMatchObject({ code: 'CONFLICT' });
  });

  it('a newer invitation replaces the open one', async () => {
    await asAdmin().staff.invite({ email: 'twice@example.com', role: 'manager' });
    const first = await invitationToken('twice@example.com');
    await asAdmin().staff.invite({ email: 'twice@example.com', role: 'owner' });
    const second = await invitationToken('twice@example.com');
    const visitor = callerFor(db, null, { ip: '10.1.0.3' }).caller;
    expect(await errorOf(visitor.staff.invitation({ token: first }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await visitor.staff.invitation({ token: second })).role).toBe('owner');
    const open = (await asAdmin().staff.list()).invitations.filter((i) => i.email === 'twice@example.com');
    expect(open.map((i) => i.role)).toEqual(['owner']);
  });

  it('gives an existing account the role only when it is signed in, never by the link alone', async () => {
    const guest = await callerFor(db, null, { ip: '10.1.0.4' }).caller.auth.register({
      username: 'guesty',
      email: 'guesty@example.com',
      password: 'secret-pw',
    });
    const h = await createProperty(db.em());
    await asAdmin().staff.invite({ email: 'guesty@example.com', role: 'manager', propertyIds: [h.id] });
    const token = await invitationToken('guesty@example.com');
    const anonymous = callerFor(db, null, { ip: '10.1.0.5' }).caller;
    expect((await anonymous.staff.invitation({ token })).accountExists).toBe(true);
    expect(
      await errorOf(anonymous.staff.acceptInvitation({ token, username: 'taker', password: 'secret-pw' })),
    ).toEqual({ code: 'CONFLICT', message: STAFF_SIGN_IN_FIRST });

    const signedIn = callerFor(db, guest, { ip: '10.1.0.6' }).caller;
    const user = await signedIn.staff.acceptInvitation({ token });
    expect(user).toMatchObject({ id: guest.id, role: 'manager' });
    const [row] = await db.sql<{ staff_role: string; is_admin: boolean }>(
      `select staff_role, is_admin from users where id = $1`,
      [guest.id],
    );
    expect(row).toEqual({ staff_role: 'manager', is_admin: false });
  });

  it('refuses a home that does not exist', async () => {
    expect(
      await errorOf(
        asAdmin().staff.invite({ email: 'ghost@example.com', role: 'owner', propertyIds: [987654] }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('role and access changes', () => {
  it('change role and homes, sign the person out on a new role, and log each change', async () => {
    const user = await callerFor(db, null, { ip: '10.1.0.7' }).caller.auth.register({
      username: 'mover',
      email: 'mover@example.com',
      password: 'secret-pw',
    });
    const [h1, h2] = [await createProperty(db.em()), await createProperty(db.em())];
    const added = await asAdmin().staff.add({ userId: user.id, role: 'manager', propertyIds: [h1.id] });
    expect(added.homes.map((h) => h.id)).toEqual([h1.id]);
    expect(
      await errorOf(asAdmin().staff.add({ userId: user.id, role: 'owner', propertyIds: [] })),
    ).toMatchObject({ code: 'CONFLICT' });

    const moved = await asAdmin().staff.update({ id: user.id, propertyIds: [h1.id, h2.id] });
    expect(moved?.homes.map((h) => h.id).sort()).toEqual([h1.id, h2.id].sort());
    const promoted = await asAdmin().staff.update({ id: user.id, role: 'owner-operator' });
    expect(promoted).toMatchObject({ role: 'owner-operator', homes: [] });
    expect(await asAdmin().staff.update({ id: user.id, role: null })).toBeNull();
    expect((await asAdmin().staff.list()).items.map((m) => m.id)).not.toContain(user.id);

    const trail = await asAdmin().admin.activity({ entityType: 'user', entityId: String(user.id) });
    expect(trail.items.map((e) => e.action)).toEqual([
      'staff.update',
      'staff.update',
      'staff.update',
      'staff.add',
    ]);
    expect(trail.items[0]?.changes).toMatchObject({ role: { before: 'owner-operator', after: null } });
  });

  it('never changes one’s own role', async () => {
    expect(await errorOf(asAdmin().staff.update({ id: admin.id, role: 'manager' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('a manager reaches the back office but not the team, the settings or the payments configuration', async () => {
    const user = await callerFor(db, null, { ip: '10.1.0.8' }).caller.auth.register({
      username: 'mgr',
      email: 'mgr@example.com',
      password: 'secret-pw',
    });
    await asAdmin().staff.add({ userId: user.id, role: 'manager', propertyIds: [] });
    const manager = callerFor(db, { ...user, role: 'manager' }).caller;
    await expect(manager.admin.dashboard()).resolves.toBeTruthy();
    for (const call of [
      () => manager.staff.list(),
      () => manager.settings.get(),
      () => manager.payments.settings(),
      () => manager.admin.users(),
    ])
      expect(await errorOf(call())).toMatchObject({ code: 'FORBIDDEN' });
  });
});
