// npm run seed [-- --seed-dir DIR] [--sources-dir DIR] [--if-empty] [--dry-run] [--accept-checksum-mismatch] [--synthetic N]
// Brings the record and the index in line with the manifest's source files (src/ingest/catalog-ingest.usecase.ts):
// every file is parsed and checked before anything is written, a file whose sha256 differs from the
// manifest is refused unless --accept-checksum-mismatch, and a second run on the same files creates no
// revision. `--dry-run` prints the plan (new, changed field by field, delisted) and writes nothing.
// `--synthetic N` instead builds N synthetic variants of the indexed products behind `<alias>-synthetic`
// (for benchmarks at scale); nothing real is touched.
import path from 'node:path';
import { loadManifest, DEFAULT_SEED_DIR } from '../ingest/convert';
import { catalogPorts, openOperator, runCommand, type Operator } from './operator';
import { commandLine } from './command-line';
import { createProgress } from './progress';
import { ingestCatalog } from '../ingest/catalog-ingest.usecase';
import { buildSynthetic } from '../ingest/synthetic.service';
import { printConversion, printOutcome, printPlan } from './ingest-report';
import type { SearchDocument } from '../catalog/search-document';

const USAGE =
  'usage: npm run seed -- [--seed-dir DIR] [--sources-dir DIR] [--if-empty] [--dry-run] [--accept-checksum-mismatch] [--synthetic N]';

const { values: args } = commandLine(USAGE, {
  'seed-dir': { type: 'string' },
  'sources-dir': { type: 'string' },
  'if-empty': { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  'accept-checksum-mismatch': { type: 'boolean', default: false },
  synthetic: { type: 'string' },
});

runCommand('seed', async () => {
  const op = await openOperator();
  try {
    if (args.synthetic !== undefined) return await synthetic(op, args.synthetic);
    const seedDir = args['seed-dir'] ? path.resolve(args['seed-dir']) : DEFAULT_SEED_DIR;
    const t0 = Date.now();
    const bars = { ingest: createProgress('products'), reindex: createProgress('reindex') };
    const outcome = await ingestCatalog(
      {
        command: 'seed',
        manifest: loadManifest(seedDir),
        sourcesDir: args['sources-dir'] ? path.resolve(args['sources-dir']) : path.join(seedDir, 'sources'),
        ifEmpty: args['if-empty'],
        dryRun: args['dry-run'],
        acceptChecksumMismatch: args['accept-checksum-mismatch'],
      },
      catalogPorts(op),
      {
        converted: (conversion, companies) => printConversion('seed', conversion, companies, (Date.now() - t0) / 1000),
        planned: (plan) => printPlan('seed', plan, args['dry-run']),
        ingest: bars.ingest.update,
        reindex: bars.reindex.update,
      },
    );
    printOutcome('seed', outcome, bars);
  } finally {
    await op.close();
  }
});

async function synthetic(op: Operator, countArg: string): Promise<void> {
  const count = Number(countArg);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000)
    throw new Error(`--synthetic wants a count from 1 to 10000000, not ${countArg}`);
  const index = op.indexAdmin(op.config.ELASTICSEARCH_INDEX);
  const target = op.indexAdmin(`${op.config.ELASTICSEARCH_INDEX}-synthetic`);
  const bar = createProgress('synthetic');
  const report = await buildSynthetic(
    { real: () => index.documents<SearchDocument>(), index: target },
    count,
    bar.update,
  );
  bar.finish(
    `${report.documents} synthetic variants into ${report.index} behind ${target.alias} (${index.alias} untouched)`,
  );
}
