import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's minimum parameters (19 MiB, t=2, p=1) (docs/decisions.md#sessions). */
// `Algorithm` is a const enum that erasable TypeScript cannot read at run time; 2 is its Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password or a hash that is not argon2 at all; any other failure is thrown, not a "no". */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch (err) {
    if ((err as { code?: unknown }).code === 'InvalidArg') return false;
    throw err;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so a login for an unknown user costs what a real one costs. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
