// `npm run import`: a new edition of a list we read, brought in as the seed brings in the manifest's
// files. The file is checked first (edition-check.ts) and refused before any write if it is not what
// it claims; then the seed's story runs over the manifest plus this edition. Before the first write,
// the edition is registered (the file copied under <sources>/imports/, an entry in <seed>/imports.json),
// so every later seed reads it too and a crash midway is finished by running the import again.
import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { IMPORTS_FILE, loadImports, loadManifest } from './convert';
import { checkEdition, type EditionAcceptance, type EditionCheck } from './edition-check';
import { ingestCatalog, type IngestOutcome, type IngestPorts, type IngestProgress } from './catalog-ingest.usecase';

export interface ImportRequest {
  readonly file: string;
  readonly list: string;
  readonly edition: string;
  /** Where manifest.json and imports.json are. */
  readonly seedDir: string;
  readonly sourcesDir: string;
  readonly dryRun: boolean;
  /** Accept the other files differing from the manifest (see IngestRequest). */
  readonly acceptChecksumMismatch?: boolean;
  /** What the operator accepts beyond the edition's limits (EDITION_LIMITS). */
  readonly accept?: EditionAcceptance;
  readonly now?: Date;
}

export async function importEdition(
  req: ImportRequest,
  ports: IngestPorts,
  progress: IngestProgress & { readonly checked?: (check: EditionCheck) => void } = {},
): Promise<{ check: EditionCheck; outcome: IngestOutcome }> {
  const manifest = loadManifest(req.seedDir);
  const check = checkEdition({
    filePath: req.file,
    list: req.list,
    edition: req.edition,
    manifest,
    sourcesDir: req.sourcesDir,
    accept: req.accept,
  });
  progress.checked?.(check);
  const withEdition = check.registered
    ? manifest
    : {
        ...manifest,
        packages: { ...manifest.packages, [check.source.package]: check.package },
        sources: [...manifest.sources, check.source],
      };
  const outcome = await ingestCatalog(
    {
      command: `import ${req.list} ${req.edition}`,
      manifest: withEdition,
      sourcesDir: req.sourcesDir,
      dryRun: req.dryRun,
      acceptChecksumMismatch: req.acceptChecksumMismatch,
      now: req.now,
      register: check.registered ? undefined : () => register(check, req),
    },
    ports,
    progress,
  );
  return { check, outcome };
}

function register(check: EditionCheck, req: ImportRequest): void {
  const name = path.basename(check.source.file);
  mkdirSync(path.join(req.sourcesDir, 'imports'), { recursive: true });
  copyFileSync(check.source.file, path.join(req.sourcesDir, 'imports', name));
  const imports = loadImports(req.seedDir);
  const next = {
    packages: { ...imports.packages, [check.source.package]: check.package },
    sources: [...imports.sources, { ...check.source, file: `imports/${name}` }],
  };
  // Written whole, then renamed over the old one: a crash leaves the old registry or the new, never half.
  const target = path.join(req.seedDir, IMPORTS_FILE);
  writeFileSync(`${target}.tmp`, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(`${target}.tmp`, target);
}

/** A real run that wrote nothing: no product, no revision, no index, and no edition registered. */
export function wroteNothing(check: EditionCheck, outcome: IngestOutcome): boolean {
  if (outcome.kind !== 'written') return false;
  const { created, changed, reformatted, revisions } = outcome.sync.ingest;
  return (
    check.registered &&
    created + changed + reformatted + revisions === 0 &&
    !outcome.sync.reindex &&
    !outcome.sync.companiesChanged
  );
}
