// npm run seed [-- --sources-dir DIR] [--if-empty] [--synthetic N]
// Loads the seed files into MongoDB and rebuilds the index. Every file is parsed and checked before
// anything is written; a second run on the same files creates no revision.
// `--synthetic N` instead builds N synthetic variants of the indexed products behind `<alias>-synthetic`
// (for benchmarks at scale); nothing real is touched.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { convertSources, loadManifest, toSourceDocs, DEFAULT_SEED_DIR } from '../../seed/convert';
import { openOperator, runCommand } from './operator';
import { createProgress } from './progress';
import { syncCatalog } from '../ingest/catalog-sync.service';
import { ProductRepository } from '../adapters/mongo/product.repository';
import { PRODUCT_FORMAT } from '../catalog/product.types';
import { RevisionRepository } from '../adapters/mongo/revision.repository';
import { SourceRepository } from '../adapters/mongo/source.repository';
import { ChangeRepository } from '../adapters/mongo/change.repository';
import { CompanyRepository } from '../adapters/mongo/company.repository';
import { companyRecords } from '../../seed/convert/companies';
import { buildSynthetic } from '../ingest/synthetic.service';
import type { SearchDocument } from '../catalog/search-document';
import { announceSeed } from './announce';

const { values: args } = parseArgs({
  options: {
    'sources-dir': { type: 'string' },
    'if-empty': { type: 'boolean', default: false },
    synthetic: { type: 'string' },
  },
});

runCommand('seed', async () => {
  const op = await openOperator();
  try {
    const products = new ProductRepository(op.mongo.db);
    const index = op.indexAdmin(op.config.ELASTICSEARCH_INDEX);
    if (args.synthetic !== undefined) {
      const count = Number(args.synthetic);
      if (!Number.isInteger(count) || count < 1 || count > 10_000_000)
        throw new Error(`--synthetic wants a count from 1 to 10000000, not ${args.synthetic}`);
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
      return;
    }
    const ports = {
      products,
      revisions: new RevisionRepository(op.mongo.db),
      changes: new ChangeRepository(op.mongo.db),
      sources: new SourceRepository(op.mongo.db),
      companies: new CompanyRepository(op.mongo.db),
      index,
    };
    const manifest = loadManifest();
    const sourcesDir = args['sources-dir'] ? path.resolve(args['sources-dir']) : path.join(DEFAULT_SEED_DIR, 'sources');
    const t0 = Date.now();
    const conversion = convertSources(manifest, sourcesDir);
    process.stderr.write(
      `seed: read ${conversion.sources.map((s) => `${s.file} (${s.records} records)`).join(', ')} -> ${conversion.drafts.length} products in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
    );
    for (const e of conversion.editions.filter((r) => r.new !== undefined)) {
      process.stderr.write(
        `seed: ${e.list} edition ${e.edition}: ${e.products} products; ${e.same_identity} by identity and ${e.matched} by model and ratings ` +
          `are products of earlier editions (${e.changed} with changed values), ${e.new} new; ${e.not_listed} earlier products not listed\n`,
      );
    }
    const check = conversion.derivation_check;
    if (check.checked > 0)
      process.stderr.write(
        `seed: manufacturers derived from module names agree with the Manufacturer column for ${check.agreed} of ${check.checked} records\n`,
      );
    for (const s of conversion.sources) {
      if (s.loaded_sha256 !== s.sha256)
        process.stderr.write(`seed: note: ${s.file} differs from the manifest (sha256 ${s.loaded_sha256})\n`);
    }
    const companies = companyRecords(conversion.drafts);
    const spellings = companies.docs.flatMap((c) => c.spellings);
    const byRule = (rule: string) => spellings.filter((s) => s.rule === rule).length;
    const several = companies.docs.filter((c) => c.spellings.length > 1);
    process.stderr.write(
      `seed: ${spellings.length} manufacturer spellings -> ${companies.docs.length} companies; linked by identity ${byRule('identity')}, ` +
        `normalization ${byRule('normalization')}, cross-edition ${byRule('cross-edition')}, reviewed ${byRule('reviewed')}; ` +
        `${several.length} companies spelled several ways carry ${several.reduce((n, c) => n + c.products, 0)} products; ` +
        `${spellings.filter((s) => s.productLine !== undefined).length} product lines cut from derived names, ` +
        `${spellings.filter((s) => s.originalMaker).length} brand spellings naming their maker\n`,
    );
    for (const warning of companies.resolved.warnings) process.stderr.write(`seed: companies: ${warning}\n`);
    const sources = toSourceDocs(manifest, conversion);
    // `--if-empty` does nothing when MongoDB holds products of the current format and a current index
    // serves them. Otherwise it runs the full seed: that rewrites products stored in an older format,
    // adds no revision for unchanged claims, and builds an index of the current mapping.
    if (args['if-empty'] && (await products.storedFormat()) === PRODUCT_FORMAT) {
      const served = await index.targets();
      if (served.length === 1 && index.hasCurrentMapping(served[0])) {
        // Source descriptions are rewritten every time: a database loaded by an older version then
        // gains the fields the current contract promises (found by fuzzing: `products` missing).
        await ports.sources.saveMany(sources);
        process.stderr.write(
          `seed: MongoDB holds products and ${index.alias} -> ${served[0]} serves ${await index.count(served[0])}; nothing to do\n`,
        );
        return;
      }
    }
    const ingestBar = createProgress('products');
    const reindexBar = createProgress('reindex');
    const report = await syncCatalog(sources, conversion.drafts, companies.docs, ports, {
      ingest: ingestBar.update,
      reindex: reindexBar.update,
    });
    const { created, changed, unchanged, reformatted, revisions } = report.ingest;
    const rewritten = reformatted > 0 ? ` (${reformatted} of them rewritten in the current format)` : '';
    ingestBar.finish(
      `${created} created, ${changed} changed, ${unchanged} unchanged${rewritten}, ${revisions} new revisions`,
    );
    if (report.reindex && report.indexedWhileWriting)
      process.stderr.write(
        `seed: ${report.reindex.documents} documents into ${report.reindex.index}, loaded while the products were written\n`,
      );
    else if (report.reindex)
      reindexBar.finish(
        `${report.reindex.documents} documents into ${report.reindex.index}${report.reindex.replaced.length ? ` (replaced ${report.reindex.replaced.join(', ')})` : ''}`,
      );
    else process.stderr.write(`seed: nothing changed and ${index.alias} serves every product; index kept\n`);
    if (report.companiesChanged) process.stderr.write('seed: company records changed\n');
    const announced = await announceSeed(op);
    process.stderr.write(
      announced.baseline
        ? 'seed: watches: first announcement, the current products are the baseline (no events)\n'
        : `seed: watches: ${
            Object.entries(announced.events)
              .map(([t, n]) => `${n} ${t}`)
              .join(', ') || 'no events'
          }; ${announced.deliveries} deliveries queued\n`,
    );
  } finally {
    await op.close();
  }
});
