// npm run reindex: a new versioned index from MongoDB, verified, then the alias moves atomically.
// It holds the operator lease, as a seed or an import does: one catalog writer at a time.
import { catalogPorts, openOperator, runCommand } from './operator';
import { createProgress } from './progress';
import { reindex } from '../ingest/reindex.service';
import { holdLease } from '../ingest/operator-lease';

runCommand('reindex', async () => {
  const op = await openOperator();
  try {
    const ports = catalogPorts(op);
    const bar = createProgress('reindex');
    const report = await holdLease({ store: ports.lease, command: 'reindex' }, () => reindex(ports, bar.update));
    bar.finish(
      `${report.documents} documents into ${report.index}${report.replaced.length ? `; removed ${report.replaced.join(', ')}` : ''}`,
    );
  } finally {
    await op.close();
  }
});
