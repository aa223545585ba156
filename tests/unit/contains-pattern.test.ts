import { describe, expect, it } from 'vitest';
import { containsPattern } from '../../src/server/repositories/sql.ts';

describe('containsPattern: what a search box types, found anywhere by LIKE/ILIKE', () => {
  it('wraps the text in % and makes its own wildcards and escapes match themselves', () => {
    expect(containsPattern('Lake')).toBe('%Lake%');
    expect(containsPattern('100%_off\\now')).toBe('%100\\%\\_off\\\\now%');
  });
});
