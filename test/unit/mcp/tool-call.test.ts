// A tool's arguments as its operation's arguments (src/mcp/tool-call.ts), validated as the JSON values
// they are by the operation's own validators (contract/operations.ts): no query string in between.
import assert from 'node:assert/strict';
import { OPERATIONS } from '../../../src/contract/operations';
import { operationArguments } from '../../../src/mcp/tool-call';
import { AppError } from '../../../src/errors/app-error';

const op = (id: string) => OPERATIONS.get(id)!;

/** The field errors of a refused validation, or [] when it passes. */
function refusals(run: () => void): { in: string; name: string; message: string }[] {
  try {
    run();
    return [];
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.status, 400);
    return (err.errors ?? []) as { in: string; name: string; message: string }[];
  }
}

describe('tool arguments as a call of the operation', () => {
  it('when an array item holds a comma, then it is one item as given, refused by the id pattern, where REST text splits it', () => {
    const args = operationArguments(op('compareProducts'), { ids: ['trina-a,trina-b', 'jinko-c'] });
    assert.deepEqual(args.query, { ids: ['trina-a,trina-b', 'jinko-c'] });
    const errors = refusals(() => op('compareProducts').validateArguments(args));
    assert.deepEqual(
      errors.map((e) => [e.in, e.name]),
      [['query', 'ids']],
    );
    // The same text as a REST query string is a list of three ids.
    const rest = { query: { ids: 'trina-a,trina-b,jinko-c' } as Record<string, unknown>, params: {} };
    op('compareProducts').validate(rest);
    assert.deepEqual(rest.query.ids, ['trina-a', 'trina-b', 'jinko-c']);
  });

  it('when arguments are numbers, arrays and a path id, then they keep their JSON types, and a range bound becomes its REST parameter', () => {
    const perf = operationArguments(op('getModulePerformance'), { id: 'm-1', irradiance: 800, cell_temperature: 45 });
    assert.deepEqual(perf.params, { id: 'm-1' });
    assert.deepEqual(perf.query, { irradiance: 800, cell_temperature: 45 });
    op('getModulePerformance').validateArguments(perf);
    assert.equal(perf.query.irradiance, 800);
    const search = operationArguments(op('searchProducts'), { q: 'Trina', ranges: { stc_power_w: { gte: 400 } } });
    op('searchProducts').validateArguments(search);
    assert.equal(search.query['specs.stc_power_w[gte]'], '400');
  });

  it('when an optional argument is null, then it is not given (as strict-mode clients send optional ones)', () => {
    const args = operationArguments(op('searchProducts'), { q: 'Trina', limit: null });
    assert.deepEqual(args.query, { q: 'Trina' });
    assert.deepEqual(
      refusals(() => op('searchProducts').validateArguments(args)),
      [],
    );
  });

  it('when an argument is of the wrong JSON type, then it is refused by name as REST refuses it', () => {
    const args = operationArguments(op('getModulePerformance'), { id: 'm-1', irradiance: { watts: 800 } });
    assert.deepEqual(
      refusals(() => op('getModulePerformance').validateArguments(args)).map((e) => [e.in, e.name]),
      [['query', 'irradiance']],
    );
  });
});
