// npm run reindex: a new versioned index from MongoDB, verified, then the alias moves atomically.
import { openOperator, runCommand } from './operator';
import { createProgress } from './progress';
import { reindex } from '../ingest/reindex.service';
import { ProductRepository } from '../adapters/mongo/product.repository';
import { CompanyRepository } from '../adapters/mongo/company.repository';

runCommand('reindex', async () => {
  const op = await openOperator();
  try {
    const bar = createProgress('reindex');
    const report = await reindex(
      {
        products: new ProductRepository(op.mongo.db),
        companies: new CompanyRepository(op.mongo.db),
        index: op.indexAdmin(op.config.ELASTICSEARCH_INDEX),
      },
      bar.update,
    );
    bar.finish(
      `${report.documents} documents into ${report.index}${report.replaced.length ? `; removed ${report.replaced.join(', ')}` : ''}`,
    );
  } finally {
    await op.close();
  }
});
