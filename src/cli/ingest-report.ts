// How the seed and import commands print what the use case tells them: one line a fact on stderr,
// and, for a dry run, the plan product by product on stdout (a file an operator can keep or diff).
import type { Conversion } from '../ingest/convert';
import type { companyRecords } from '../ingest/convert/companies';
import type { Plan } from '../ingest/ingest.plan';
import { shown } from '../ingest/ingest.plan';
import type { IngestOutcome } from '../ingest/catalog-ingest.usecase';
import type { Progress } from './progress';
import type { EditionCheck } from '../ingest/edition-check';
import type { AnnounceReport } from '../catalog/watch.types';

type Write = (line: string) => void;
const err: Write = (line) => void process.stderr.write(`${line}\n`);
const out: Write = (line) => void process.stdout.write(`${line}\n`);

export function printConversion(
  name: string,
  conversion: Conversion,
  companies: ReturnType<typeof companyRecords>,
  seconds: number,
): void {
  err(
    `${name}: read ${conversion.sources.map((s) => `${s.file} (${s.records} records)`).join(', ')} -> ${conversion.drafts.length} products in ${seconds.toFixed(1)} s`,
  );
  for (const e of conversion.editions.filter((r) => r.new !== undefined))
    err(
      `${name}: ${e.list} edition ${e.edition}: ${e.products} products; ${e.same_identity} by identity and ${e.matched} by model and ratings ` +
        `are products of earlier editions (${e.changed} with changed values), ${e.new} new; ${e.not_listed} earlier products not listed`,
    );
  const check = conversion.derivation_check;
  if (check.checked > 0)
    err(
      `${name}: manufacturers derived from module names agree with the Manufacturer column for ${check.agreed} of ${check.checked} records`,
    );
  for (const s of conversion.sources.filter((x) => x.loaded_sha256 !== x.sha256))
    err(`${name}: accepted as it is: ${s.file} differs from the manifest (sha256 ${s.loaded_sha256})`);
  printRefusedCells(name, conversion);
  const spellings = companies.docs.flatMap((c) => c.spellings);
  const byRule = (rule: string) => spellings.filter((s) => s.rule === rule).length;
  const several = companies.docs.filter((c) => c.spellings.length > 1);
  err(
    `${name}: ${spellings.length} manufacturer spellings -> ${companies.docs.length} companies; linked by identity ${byRule('identity')}, ` +
      `normalization ${byRule('normalization')}, cross-edition ${byRule('cross-edition')}, reviewed ${byRule('reviewed')}; ` +
      `${several.length} companies spelled several ways carry ${several.reduce((n, c) => n + c.products, 0)} products; ` +
      `${spellings.filter((s) => s.productLine !== undefined).length} product lines cut from derived names, ` +
      `${spellings.filter((s) => s.originalMaker).length} brand spellings naming their maker`,
  );
  for (const warning of companies.resolved.warnings) err(`${name}: companies: ${warning}`);
}

/** Every cell a source file holds that was not read, with why: nothing is dropped without a line. */
function printRefusedCells(name: string, conversion: Conversion): void {
  for (const s of conversion.sources)
    for (const c of s.refusedCells)
      err(
        `${name}: ${s.file}: refused cell: record ${c.record} (line ${c.line}) column ${c.column}: ${c.reason}; no value is read from it (${c.field})`,
      );
}

/** What the check of an imported file found: rows read, refused (with why), and keys named twice. */
export function printCheck(name: string, check: EditionCheck): void {
  err(
    `${name}: ${check.source.path_in_package} (sha256 ${check.source.sha256}) checked as ${check.source.list} edition ${check.source.edition}: ` +
      `${check.records} rows read, ${check.refused.length} refused, ${check.refusedCells.length} cells refused, ${check.repeated.length} products named by more than one row` +
      (check.registered ? '; this very file is already registered, so nothing should change' : ''),
  );
  for (const r of check.refused) {
    err(`${name}: refused record ${r.record}: ${r.reason}`);
    out(`refused\trecord ${r.record}\t${r.reason}`);
  }
  for (const c of check.refusedCells) {
    err(
      `${name}: refused cell: record ${c.record} (line ${c.line}) column ${c.column}: ${c.reason}; the product keeps its ${c.field}`,
    );
    out(`refused\trecord ${c.record}\tcolumn ${c.column}\t${c.reason}`);
  }
  for (const r of check.repeated.slice(0, 20))
    err(`${name}: records ${r.records.join(', ')} name one product (${r.key}); the later one's values are its values`);
  if (check.repeated.length > 20)
    err(`${name}: ... and ${check.repeated.length - 20} more products named by several rows`);
}

/** The plan's counts (stderr), and with `detail` every product and field (stdout). */
export function printPlan(name: string, plan: Plan, detail: boolean): void {
  const fields = Object.entries(plan.fieldCounts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  err(
    `${name}: plan: ${plan.new.length} new, ${plan.changed.length} changed, ${plan.delisted.length} delisted, ` +
      `${plan.unchanged} unchanged; ${plan.absent} stored products the sources do not carry (kept)`,
  );
  if (fields.length > 0) err(`${name}: changed fields: ${fields.map(([f, n]) => `${f} ${n}`).join(', ')}`);
  if (!detail) return;
  for (const p of plan.new) out(`new\t${p.id}\t${p.category}\t${p.manufacturer}\t${p.model}`);
  for (const p of plan.changed) {
    out(`changed\t${p.id}\t${p.manufacturer}\t${p.model}`);
    for (const c of p.changes) out(`\t${c.field}\t${shown(c.from)} -> ${shown(c.to)}\t(${c.source_id})`);
  }
  for (const p of plan.delisted) out(`delisted\t${p.id}\t${p.manufacturer}\t${p.model}\tlast listed ${p.last_edition}`);
  out(`unchanged\t${plan.unchanged}`);
  for (const [field, n] of fields) out(`field\t${field}\t${n}`);
}

export function printOutcome(
  name: string,
  outcome: IngestOutcome,
  bars: { ingest: Progress; reindex: Progress },
): void {
  if (outcome.kind === 'kept') {
    err(
      `${name}: MongoDB holds products and ${outcome.alias} -> ${outcome.index} serves ${outcome.documents}; nothing to do`,
    );
    return;
  }
  if (outcome.kind === 'planned') {
    err(`${name}: dry run: nothing was written`);
    return;
  }
  const report = outcome.sync;
  const { created, changed, unchanged, reformatted, revisions } = report.ingest;
  const rewritten = reformatted > 0 ? ` (${reformatted} of them rewritten in the current format)` : '';
  bars.ingest.finish(
    `${created} created, ${changed} changed, ${unchanged} unchanged${rewritten}, ${revisions} new revisions`,
  );
  if (report.reindex && report.indexedWhileWriting)
    err(
      `${name}: ${report.reindex.documents} documents into ${report.reindex.index}, loaded while the products were written`,
    );
  else if (report.reindex)
    bars.reindex.finish(
      `${report.reindex.documents} documents into ${report.reindex.index}${report.reindex.replaced.length ? ` (replaced ${report.reindex.replaced.join(', ')})` : ''}`,
    );
  else err(`${name}: nothing changed and the alias serves every product; index kept`);
  if (report.companiesChanged) err(`${name}: company records changed`);
  if (outcome.announced) printAnnounced(outcome.announced);
}

/** What the watches were told of the run's writes, in one line. */
function printAnnounced(announced: AnnounceReport): void {
  const events = Object.entries(announced.events).map(([type, n]) => `${n} ${type}`);
  err(
    announced.baseline
      ? 'watches: first announcement, the current products are the baseline (no events)'
      : `watches: ${events.join(', ') || 'no events'}; ${announced.deliveries} deliveries queued`,
  );
}
