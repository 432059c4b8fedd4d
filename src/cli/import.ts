// npm run import -- <file> --list <list> --edition YYYY-MM-DD [--dry-run] [--seed-dir DIR] [--sources-dir DIR]
//   [--accept-checksum-mismatch] [--accept-size-change] [--accept-refusals N]
// A new edition of a list we read (src/ingest/edition-import.usecase.ts). The file is checked before
// anything is written; `--dry-run` prints what it would change and writes nothing. Exit status: 0 when
// the edition was written (or a dry run planned it), 1 when it was refused or failed, 2 when a real
// run wrote nothing (the file was already registered and the catalog already holds it).
import path from 'node:path';
import { DEFAULT_SEED_DIR } from '../ingest/convert';
import { catalogPorts, openOperator, runCommand } from './operator';
import { commandLine } from './command-line';
import { createProgress } from './progress';
import { importEdition, wroteNothing } from '../ingest/edition-import.usecase';
import { printCheck, printConversion, printOutcome, printPlan } from './ingest-report';

const USAGE =
  'usage: npm run import -- <file> --list <list> --edition YYYY-MM-DD [--dry-run] [--seed-dir DIR] [--sources-dir DIR] [--accept-checksum-mismatch] [--accept-size-change] [--accept-refusals N]';

const { values: args, positionals } = commandLine(
  USAGE,
  {
    list: { type: 'string' },
    edition: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'accept-checksum-mismatch': { type: 'boolean', default: false },
    'accept-size-change': { type: 'boolean', default: false },
    'accept-refusals': { type: 'string' },
    'seed-dir': { type: 'string' },
    'sources-dir': { type: 'string' },
  },
  true,
);

runCommand('import', async () => {
  if (positionals.length !== 1 || !args.list || !args.edition) throw new Error(USAGE);
  const refusals = args['accept-refusals'];
  if (refusals !== undefined && !/^\d+$/.test(refusals))
    throw new Error(`--accept-refusals takes a whole number of refused rows and cells, not '${refusals}'`);
  const seedDir = args['seed-dir'] ? path.resolve(args['seed-dir']) : DEFAULT_SEED_DIR;
  const op = await openOperator();
  try {
    const t0 = Date.now();
    const bars = { ingest: createProgress('products'), reindex: createProgress('reindex') };
    const { check, outcome } = await importEdition(
      {
        file: path.resolve(positionals[0]),
        list: args.list,
        edition: args.edition,
        seedDir,
        sourcesDir: args['sources-dir'] ? path.resolve(args['sources-dir']) : path.join(seedDir, 'sources'),
        dryRun: args['dry-run'],
        acceptChecksumMismatch: args['accept-checksum-mismatch'],
        accept: {
          sizeChange: args['accept-size-change'],
          ...(refusals !== undefined ? { refusals: Number(refusals) } : {}),
        },
      },
      catalogPorts(op),
      {
        checked: (checked) => printCheck('import', checked),
        converted: (conversion, companies) =>
          printConversion('import', conversion, companies, (Date.now() - t0) / 1000),
        planned: (plan) => printPlan('import', plan, args['dry-run']),
        ingest: bars.ingest.update,
        reindex: bars.reindex.update,
      },
    );
    printOutcome('import', outcome, bars);
    if (wroteNothing(check, outcome)) {
      process.stderr.write('import: nothing was written: this edition is already in the catalog\n');
      process.exitCode = 2;
    }
  } finally {
    await op.close();
  }
});
