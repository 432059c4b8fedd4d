// npm run import -- <file> --list <list> --edition YYYY-MM-DD [--dry-run] [--seed-dir DIR] [--sources-dir DIR]
//   [--accept-checksum-mismatch]
// A new edition of a list we read (src/ingest/edition-import.usecase.ts). The file is checked before
// anything is written; `--dry-run` prints what it would change and writes nothing.
import path from 'node:path';
import { DEFAULT_SEED_DIR } from '../../seed/convert';
import { catalogPorts, openOperator, runCommand } from './operator';
import { commandLine } from './command-line';
import { createProgress } from './progress';
import { importEdition } from '../ingest/edition-import.usecase';
import { announceWritten } from './announce';
import { printCheck, printConversion, printOutcome, printPlan } from './ingest-report';

const USAGE =
  'usage: npm run import -- <file> --list <list> --edition YYYY-MM-DD [--dry-run] [--seed-dir DIR] [--sources-dir DIR] [--accept-checksum-mismatch]';

const { values: args, positionals } = commandLine(
  USAGE,
  {
    list: { type: 'string' },
    edition: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'accept-checksum-mismatch': { type: 'boolean', default: false },
    'seed-dir': { type: 'string' },
    'sources-dir': { type: 'string' },
  },
  true,
);

runCommand('import', async () => {
  if (positionals.length !== 1 || !args.list || !args.edition) throw new Error(USAGE);
  const seedDir = args['seed-dir'] ? path.resolve(args['seed-dir']) : DEFAULT_SEED_DIR;
  const op = await openOperator();
  try {
    const t0 = Date.now();
    const bars = { ingest: createProgress('products'), reindex: createProgress('reindex') };
    const { outcome } = await importEdition(
      {
        file: path.resolve(positionals[0]),
        list: args.list,
        edition: args.edition,
        seedDir,
        sourcesDir: args['sources-dir'] ? path.resolve(args['sources-dir']) : path.join(seedDir, 'sources'),
        dryRun: args['dry-run'],
        acceptChecksumMismatch: args['accept-checksum-mismatch'],
      },
      catalogPorts(op),
      {
        checked: (check) => printCheck('import', check),
        converted: (conversion, companies) =>
          printConversion('import', conversion, companies, (Date.now() - t0) / 1000),
        planned: (plan) => printPlan('import', plan, args['dry-run']),
        ingest: bars.ingest.update,
        reindex: bars.reindex.update,
      },
    );
    printOutcome('import', outcome, bars);
    await announceWritten(op, outcome);
  } finally {
    await op.close();
  }
});
