import { describe, expect, it } from 'vitest';
import { CATEGORY_DUPLICATE, DATES_TAKEN, EMAIL_TAKEN, USERNAME_TAKEN } from '../../src/shared/messages.ts';
import { AppError, errorBody, fromHttpError, toAppError } from '../../src/server/errors.ts';

/** A driver error as MikroORM rethrows it: pg's fields copied onto the exception, pg's error as cause. */
function pgError(code: string, constraint?: string) {
  const cause = Object.assign(new Error('violates constraint'), { code, constraint });
  return Object.assign(new Error('wrapped'), { name: 'DriverException', cause });
}

describe('one error vocabulary', () => {
  it('maps constraint violations by constraint name, then by SQLSTATE', () => {
    expect(toAppError(pgError('23505', 'users_username_lower_idx'))).toMatchObject({
      code: 'CONFLICT',
      message: USERNAME_TAKEN,
    });
    expect(toAppError(pgError('23505', 'users_email_lower_idx'))).toMatchObject({ message: EMAIL_TAKEN });
    expect(toAppError(pgError('23505', 'categories_name_lower_idx'))).toMatchObject({
      code: 'CONFLICT',
      message: CATEGORY_DUPLICATE,
    });
    expect(toAppError(pgError('23P01', 'date_holds_no_overlap'))).toMatchObject({
      code: 'CONFLICT',
      message: DATES_TAKEN,
    });
    expect(toAppError(pgError('23503', 'bookings_property_id_foreign'))).toMatchObject({ code: 'NOT_FOUND' });
    // A unique violation nobody planned for is a bug, answered 500 by the caller.
    expect(toAppError(pgError('23505', 'some_other_unique'))).toBeUndefined();
  });

  it('maps the Express adapter failures through the same table', () => {
    const parse = fromHttpError({ type: 'entity.parse.failed', status: 400 });
    expect(parse && errorBody(parse)).toEqual({
      status: 400,
      body: { message: 'Malformed JSON in request body', code: 'PARSE_ERROR' },
    });
    const large = fromHttpError({ type: 'entity.too.large', status: 413 });
    expect(large && errorBody(large)).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    const bad = fromHttpError({ status: 400, message: 'request aborted' });
    expect(bad && errorBody(bad)).toEqual({
      status: 400,
      body: { message: 'request aborted', code: 'BAD_REQUEST' },
    });
    expect(fromHttpError({ status: 500 })).toBeUndefined();
    expect(errorBody(new AppError('NOT_FOUND', 'Not found'))).toEqual({
      status: 404,
      body: { message: 'Not found', code: 'NOT_FOUND' },
    });
  });
});
