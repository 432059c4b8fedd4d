// as_of names a revision or a time that exists: the contract refuses a time the calendar or the
// clock has no room for, where Date would read another time (or none) and a read would answer for it.
import assert from 'node:assert/strict';
import { OPERATIONS } from '../../../src/contract/operations';
import { AppError } from '../../../src/errors/app-error';

const refusal = (run: () => unknown): AppError | undefined => {
  try {
    run();
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err;
  }
  return undefined;
};

describe('contract: as_of names a time that exists', () => {
  const getProduct = (as_of: string) =>
    OPERATIONS.get('getProduct')!.validate({ query: { as_of }, params: { id: 'x' }, body: undefined });
  const getProducts = (as_of: string) =>
    OPERATIONS.get('getProducts')!.validate({ query: {}, params: {}, body: { ids: ['x'], as_of } });

  for (const as_of of [
    '2026-13-45T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-02-29T12:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-00-10T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:60:00Z',
    '2026-01-01T23:59:60Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00-05:60',
  ])
    it(`when as_of is ${as_of}, then getProduct and getProducts refuse it with a 400 naming as_of`, () => {
      for (const validate of [getProduct, getProducts]) {
        const err = refusal(() => validate(as_of));
        assert.ok(err, `${as_of} was accepted`);
        assert.equal(err.status, 400);
        assert.match(JSON.stringify(err), /as_of/);
      }
    });

  it('when as_of is a real time or a revision number, then both accept it', () => {
    for (const as_of of ['1', '2028-02-29T00:00:00Z', '2026-12-31T23:59:59.999+14:00', '2026-01-01T00:00:00-12:00'])
      for (const validate of [getProduct, getProducts])
        assert.equal(
          refusal(() => validate(as_of)),
          undefined,
          as_of,
        );
  });
});
