// The import's checks of an offered edition are a table, in the order an operator meets them, each
// named and with why it is there (docs/operations.md lists them so); the first refusal stops the
// import, and every refusal's words come from one template.
import assert from 'node:assert/strict';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkEdition,
  EDITION_CHECKS,
  EditionRefusedError,
  type EditionOffer,
} from '../../../src/ingest/edition-check';
import { refusalMessage, refusals, type RefusalName } from '../../../src/ingest/edition-refusals';
import { ROOT } from '../../helpers/engines';
import { offerFixture, withCell, type OfferFixture } from '../../helpers/edition-offer';

const ORDER = [
  'list-known',
  'edition-date',
  'size-cap',
  'line-cap',
  'readable',
  'same-edition-same-file',
  'new-file-name',
  'newer-edition',
  'csv-list',
  'encoding',
  'header',
  'units',
  'whole',
  'refusals',
  'not-halved',
  'not-doubled',
];

/** The refusal an offer meets: its template's name and the message, or nothing when it passes. */
function refusedBy(offer: EditionOffer): { name: RefusalName; message: string } | undefined {
  try {
    checkEdition(offer);
    return undefined;
  } catch (err) {
    if (!(err instanceof EditionRefusedError) || !err.refused) throw err;
    return { name: err.refused.name, message: err.message };
  }
}

describe('edition check: a table of named checks', () => {
  let f: OfferFixture;
  const offerOf = (filePath: string, more: Partial<EditionOffer> = {}): EditionOffer => ({
    filePath,
    list: 'cec-modules',
    edition: '2026-01-01',
    manifest: f.manifest,
    sourcesDir: f.sourcesDir,
    ...more,
  });
  before(() => {
    f = offerFixture(200);
  });

  it('when the table is read, then each check has a name and a reason, in the order docs/operations.md lists them', () => {
    assert.deepEqual(
      EDITION_CHECKS.map((c) => c.name),
      ORDER,
    );
    for (const c of EDITION_CHECKS) assert.ok(c.why.length > 20, `${c.name} says why it is there`);
    const docs = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8').split('## Importing a new edition')[1];
    const listed = [...docs.matchAll(/^\s*\d+\. `([a-z-]+)`: /gm)].map((m) => m[1]);
    assert.deepEqual(listed, ORDER, 'docs/operations.md lists the checks by name, in order');
  });

  it('when an offer fails two checks, then it is refused by the earlier one', () => {
    const short = f.offer('cec-modules-2026-02-01.csv', f.lines.slice(0, 10));
    assert.equal(
      refusedBy(offerOf(short, { edition: 'soon' }))?.name,
      'editionNotDate',
      'edition-date before not-halved',
    );
    assert.equal(refusedBy(offerOf(short))?.name, 'halved');
    const units = [f.lines[0], f.lines[1].replace(',m2,', ',cm2,'), ...f.lines.slice(2, 12)];
    const cut = f.offer('cec-modules-2026-02-02.csv', units, '');
    assert.equal(refusedBy(offerOf(cut))?.name, 'unitsDiffer', 'units before whole and not-halved');
    const head = [f.lines[0].replace(',STC,', ',Power,'), ...units.slice(1)];
    assert.equal(refusedBy(offerOf(f.offer('cec-modules-2026-02-03.csv', head, '')))?.name, 'headerLacks');
    const manyAndShort = withCell(
      f.lines.slice(0, 3 + 80),
      f.at('STC'),
      [...Array(60).keys()].map((k) => k + 1),
      'x',
    );
    const many = f.offer('cec-modules-2026-02-04.csv', manyAndShort);
    assert.equal(refusedBy(offerOf(many))?.name, 'tooManyRefusals', 'refusals before not-halved');
  });

  it('when an offer passes every check, then none refuses it', () => {
    assert.equal(refusedBy(offerOf(f.offer('cec-modules-2026-03-01.csv', f.lines))), undefined);
  });
});

describe('edition check: refusals worded from one template each', () => {
  let f: OfferFixture;
  before(() => {
    f = offerFixture(200);
  });

  /** Each family of refusals: an offer that meets it, the template it names, and the words an operator reads. */
  const families: [string, () => EditionOffer, RefusalName, RegExp][] = [
    [
      'the list and edition named',
      () => ({ ...base(f, 'x.csv'), list: 'cec-modulez' }),
      'unknownList',
      /no list is called cec-modulez; the lists are cec-modules, .*cec-inverters/,
    ],
    [
      'the hard caps',
      () => {
        const huge = base(f, 'cec-modules-2026-04-01.csv');
        writeFileSync(huge.filePath, '');
        truncateSync(huge.filePath, 17 * 1024 * 1024);
        return huge;
      },
      'sizeOver',
      /it is 17\.0 MiB, over the 16\.0 MiB an edition may be; it was not read/,
    ],
    [
      'the place among editions',
      () => ({ ...base(f, 'cec-modules-2026-04-02.csv'), edition: '2024-11-14' }),
      'editionDiffers',
      /cec-modules already has edition 2024-11-14 \(hisim-cec-modules-2024-11-14\.csv, sha256 [0-9a-f]{64}\); this file differs/,
    ],
    [
      'the shape',
      () => ({
        ...base(f, 'cec-modules-2026-04-03.csv', [f.lines[0].replace(',STC,', ',Power,'), ...f.lines.slice(1)]),
      }),
      'headerLacks',
      /its header lacks the list's column STC$/,
    ],
    [
      'the rows',
      () =>
        base(
          f,
          'cec-modules-2026-04-04.csv',
          withCell(
            f.lines,
            f.at('STC'),
            [...Array(51).keys()].map((k) => k + 1),
            'x',
          ),
        ),
      'tooManyRefusals',
      /0 rows and 51 cells cannot be read, more than the 50 refusals allowed \(the first: STC: 'x' is not a number\); .*--accept-refusals N/,
    ],
    [
      'the length',
      () =>
        base(f, 'cec-modules-2026-04-05.csv', [...f.lines, ...copies(f.lines, 'copy'), ...copies(f.lines, 'again')]),
      'doubled',
      /it has 600 readable rows, over twice the 200 of edition 2024-11-14; a list does not double between editions \(pass --accept-size-change if it did\)/,
    ],
  ];
  for (const [family, offer, name, words] of families)
    it(`when an offer fails on ${family}, then its message is the ${name} template's words`, () => {
      const o = offer();
      const refused = refusedBy(o);
      assert.equal(refused?.name, name);
      assert.match(
        refused.message,
        new RegExp(
          `^${path.basename(o.filePath).replace(/\./g, '\\.')} is not imported as ${o.list} edition ${o.edition}: `,
        ),
      );
      assert.match(refused.message, words);
      let thrown: unknown;
      try {
        checkEdition(o);
      } catch (err) {
        thrown = err;
      }
      assert.ok(thrown instanceof EditionRefusedError && thrown.refused);
      assert.equal(thrown.message, refusalMessage(o, thrown.refused), "the words are the template's, nowhere else");
      assert.ok(refusals[name], 'a template of that name');
    });
});

function base(f: OfferFixture, name: string, lines: readonly string[] = f.lines): EditionOffer {
  return {
    filePath: f.offer(name, lines),
    list: 'cec-modules',
    edition: '2026-01-01',
    manifest: f.manifest,
    sourcesDir: f.sourcesDir,
  };
}

/** The records again under other names (the Name with a word added): the same list, twice as long. */
function copies(lines: readonly string[], word: string): string[] {
  return lines.slice(3).map((l) => l.replace(/^([^,]*),/, `$1 ${word},`));
}
