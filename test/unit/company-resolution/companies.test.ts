import assert from 'node:assert/strict';
import type { Company, EditionLink, Reviewed, SpellingInput } from '../../../src/catalog/company.types';
import { convertSources, loadManifest } from '../../../src/ingest/convert/index';
import { companyInputs, loadReviewedCompanies } from '../../../src/ingest/convert/companies';
import { companyKey, withoutLegalForm } from '../../../src/company-resolution/company-key';
import { parseBrand, stripProductLine } from '../../../src/company-resolution/company-names';
import { NO_REVIEWS, resolveCompanies } from '../../../src/company-resolution/resolve-companies';
import { MIN_LINK_PRODUCTS } from '../../../src/company-resolution/key-merges';
import type { ProductDraft } from '../../../src/catalog/product.types';

describe('companies', () => {
  describe('companyKey', () => {
    it('folds case, punctuation, whitespace and & / and', () => {
      assert.equal(companyKey('  Jinko   Solar '), 'jinko solar');
      assert.equal(companyKey('VIETNAM SUNERGY'), 'vietnam sunergy');
      assert.equal(companyKey('Northern Electric & Power'), companyKey('Northern Electric and Power'));
      assert.equal(companyKey('S-Energy'), 's energy');
      assert.equal(companyKey('Energía Solar'), 'energia solar');
    });

    it('drops legal forms from the end, repeated and combined', () => {
      for (const s of ['Jinko Solar Co. Ltd', 'Jinko Solar Co - Ltd', 'Jinko Solar Co._ Ltd', 'Jinko Solar Co.Ltd.'])
        assert.equal(companyKey(s), 'jinko solar', s);
      for (const s of ['Canadian Solar Inc.', 'Canadian Solar Inc', 'Canadian Solar Incorporated', 'Canadian Solar'])
        assert.equal(companyKey(s), 'canadian solar', s);
      assert.equal(companyKey('Vietnam Sunergy Joint Stock Company'), 'vietnam sunergy');
      assert.equal(companyKey('Acme GmbH & Co. KG'), 'acme');
      assert.equal(companyKey('Acme S.r.l.'), 'acme');
      assert.equal(companyKey('Acme Sp. z o.o.'), 'acme');
      assert.equal(companyKey('Acme A/S'), 'acme');
      assert.equal(companyKey('Acme Pty Ltd'), 'acme');
      assert.equal(companyKey('Acme B.V.'), 'acme');
      assert.equal(companyKey('Acme S.A.'), 'acme');
      assert.equal(companyKey('Acme Private Limited'), 'acme');
      assert.equal(companyKey('Solar Frontier K.K.'), 'solar frontier');
    });

    it('is conservative: never joins words, keeps name words, keeps a word', () => {
      assert.notEqual(companyKey('Hanwha Q CELLS'), companyKey('Hanwha Qcells'));
      assert.notEqual(companyKey('REC Group'), companyKey('REC Solar'));
      assert.notEqual(companyKey('Fronius International GmbH'), companyKey('Fronius USA'));
      assert.equal(companyKey('Inc.'), 'inc');
      assert.equal(companyKey('Co Ltd Acme'), 'co ltd acme');
    });

    it('withoutLegalForm keeps the name as written', () => {
      assert.equal(withoutLegalForm('Jinko Solar Co._ Ltd'), 'Jinko Solar');
      assert.equal(withoutLegalForm('Generac Power Systems - Inc'), 'Generac Power Systems');
      assert.equal(withoutLegalForm('Japan Solar (Infini Co._ Ltd)'), 'Japan Solar (Infini)');
      assert.equal(withoutLegalForm('SunPower'), 'SunPower');
    });
  });

  describe('parseBrand', () => {
    it('reads the original-maker note in the spellings the lists use', () => {
      assert.deepEqual(parseBrand('SunPower Corp (Original Mfg - Fronius Int. GmbH)'), {
        brand: 'SunPower Corp',
        originalMaker: 'Fronius Int. GmbH',
      });
      assert.deepEqual(parseBrand('SunPower Corp ( Original Mfg - Xantrex)'), {
        brand: 'SunPower Corp',
        originalMaker: 'Xantrex',
      });
      assert.deepEqual(parseBrand('SunPower Corp (Original - Mfg Xantrex)'), {
        brand: 'SunPower Corp',
        originalMaker: 'Xantrex',
      });
      assert.deepEqual(parseBrand('Power-One (Original Mfr. - Magnetek)'), {
        brand: 'Power-One',
        originalMaker: 'Magnetek',
      });
      assert.deepEqual(parseBrand('BBG Solar Roo  (Original Mfg - Powercom)'), {
        brand: 'BBG Solar Roo',
        originalMaker: 'Powercom',
      });
    });

    it('cuts a model written after the maker', () => {
      assert.deepEqual(parseBrand('GridPoint (Original Mfg - Outback GVFX 3648 data)'), {
        brand: 'GridPoint',
        originalMaker: 'Outback',
        detail: 'GVFX 3648 data',
      });
    });

    it('leaves other brackets alone', () => {
      assert.deepEqual(parseBrand('Hanwha Q CELLS (Qidong)'), { brand: 'Hanwha Q CELLS (Qidong)' });
      assert.deepEqual(parseBrand('Solar Power (SPI)'), { brand: 'Solar Power (SPI)' });
    });
  });

  describe('stripProductLine', () => {
    const known = (names: string[]) => (m: string) => names.map(companyKey).includes(companyKey(m));

    it('cuts a model code after the maker and gives it back to the model', () => {
      assert.deepEqual(stripProductLine('Siliken Canada SLK60P6L', 'BLK/WHT 205Wp'), {
        manufacturer: 'Siliken Canada',
        model: 'SLK60P6L BLK/WHT 205Wp',
        productLine: 'SLK60P6L',
        why: 'a model code (a word with a digit) follows the maker',
      });
      assert.equal(stripProductLine('Centrosolar Canada SP6', '220SW').manufacturer, 'Centrosolar Canada');
      assert.equal(stripProductLine('REC Solar REC235PE-US(BLK)', 'ECO').manufacturer, 'REC Solar');
      assert.equal(stripProductLine('Bosch Solar Energy c-Si M60', 'NA30119-240Wp').productLine, 'c-Si M60');
    });

    it('cuts a line without digits only back to a known maker', () => {
      const cut = stripProductLine('Hanwha Q Cells Q.PEAK DUO', 'L-G5.2 380', known(['Hanwha Q CELLS']));
      assert.equal(cut.manufacturer, 'Hanwha Q Cells');
      assert.equal(cut.productLine, 'Q.PEAK DUO');
      assert.equal(cut.model, 'Q.PEAK DUO L-G5.2 380');
      assert.equal(stripProductLine('Hanwha Q Cells Q.PEAK DUO', 'L-G5.2 380').productLine, undefined);
    });

    it('never cuts the first word, company words or a bracketed note', () => {
      assert.equal(stripProductLine('Day4 Energy', 'Day448MC 155').productLine, undefined);
      assert.equal(stripProductLine('Sonali Energees USA', 'x', known(['Sonali Energees'])).productLine, undefined);
      assert.equal(stripProductLine('Solar Power (SPI)', 'x', known(['Solar Power'])).productLine, undefined);
      assert.equal(stripProductLine('Acme Solar 2 Inc.', 'x').productLine, undefined);
    });
  });

  describe('resolveCompanies', () => {
    const input = (...pairs: [string, number][]) => pairs.map(([spelling, products]) => ({ spelling, products }));

    it('merges by key, names the heaviest spelling, and says why for each', () => {
      const r = resolveCompanies(input(['Acme Inc', 2], ['ACME Inc.', 5], ['Acme', 5], ['Other', 1]), []);
      assert.equal(r.companies.length, 2);
      const acme = r.companyOf('Acme')!;
      assert.equal(acme.id, 'acme');
      assert.equal(acme.name, 'Acme', 'a tie goes to fewer capitals');
      assert.equal(acme.products, 12);
      assert.deepEqual(
        acme.spellings.map((s) => [s.spelling, s.rule]),
        [
          ['Acme', 'identity'],
          ['ACME Inc.', 'normalization'],
          ['Acme Inc', 'normalization'],
        ],
      );
      assert.equal(r.companyOf('Acme Corporation'), acme, 'an unseen spelling finds its key');
    });

    it('merges a rename only with continuity or review; else relates the two', () => {
      const spellings = input(['Old Name', 10], ['New Name Ltd', 20], ['Silfab', 3], ['Silfab Solar Inc.', 9]);
      const links = [
        { from: 'Old Name', to: 'New Name Ltd', products: 8 },
        { from: 'Silfab', to: 'Silfab Solar Inc.', products: 6 },
      ];
      const r = resolveCompanies(spellings, links);
      assert.equal(r.companyOf('Silfab'), r.companyOf('Silfab Solar Inc.'));
      assert.equal(r.companyOf('Silfab')!.spellings[1].rule, 'cross-edition');
      assert.notEqual(r.companyOf('Old Name'), r.companyOf('New Name Ltd'));
      assert.deepEqual(
        r.companyOf('Old Name')!.related.map((x) => [x.relation, x.company]),
        [['successor', 'new-name']],
      );
      assert.deepEqual(
        r.companyOf('New Name Ltd')!.related.map((x) => [x.relation, x.company]),
        [['formerly', 'old-name']],
      );

      const reviewed: Reviewed = {
        ...NO_REVIEWS,
        rebrands: [{ from: 'Old Name', to: 'New Name Ltd', same: true, why: 'renamed' }],
      };
      const merged = resolveCompanies(spellings, links, reviewed);
      assert.equal(merged.companyOf('Old Name'), merged.companyOf('New Name Ltd'));
      assert.match(merged.companyOf('Old Name')!.spellings[1].evidence, /8 products .*reviewed: renamed/);

      const weak = resolveCompanies(spellings, [
        { from: 'Silfab', to: 'Silfab Solar Inc.', products: MIN_LINK_PRODUCTS - 1 },
      ]);
      assert.notEqual(weak.companyOf('Silfab'), weak.companyOf('Silfab Solar Inc.'));
    });

    it('applies reviewed merges, splits, product lines and aliases, and warns of unknown spellings', () => {
      const reviewed: Reviewed = {
        merges: [{ spellings: ['Acme', 'Acme Industries'], why: 'one company' }],
        rebrands: [],
        splits: [{ spellings: ['ACME Ltd'], id: 'acme-uk', why: 'another Acme' }],
        productLines: [{ spelling: 'Beta Corp Line X', manufacturer: 'Beta Corp', why: 'a line' }],
        aliases: [{ alias: 'AC', spellings: ['Acme', 'Nobody'] }],
        notAliases: [],
        groups: [],
      };
      const r = resolveCompanies(
        input(['Acme', 5], ['Acme Industries', 1], ['ACME Ltd', 2], ['Beta Corp Line X', 1], ['Beta', 1]),
        [],
        reviewed,
      );
      assert.equal(r.companyOf('Acme Industries'), r.companyOf('Acme'));
      assert.equal(
        r.companyOf('Acme Industries')!.spellings.find((s) => s.spelling === 'Acme Industries')!.rule,
        'reviewed',
      );
      assert.equal(r.companyOf('ACME Ltd')!.id, 'acme-uk');
      assert.equal(r.companyOf('Beta Corp Line X'), r.companyOf('Beta'));
      assert.deepEqual(r.aliasesOf(r.companyOf('Acme')!).slice(0, 1), ['AC']);
      assert.deepEqual(r.warnings, ["aliases names 'Nobody', which no product carries"]);
    });

    it('puts a group of companies under one name, each keeping its own, and leaves out a group it cannot keep', () => {
      const spellings = input(['Acme USA LLC', 9], ['Acme', 3], ['Acme Canada', 2], ['Beta', 4], ['Gamma', 1]);
      const reviewed: Reviewed = {
        ...NO_REVIEWS,
        groups: [
          { name: 'Acme', members: ['Acme USA LLC', 'Acme', 'Nobody'], why: 'regional arms' },
          { name: 'Acme North', members: ['Acme Canada', 'Acme USA LLC'], why: 'a second group for one member' },
          { name: 'Beta', members: ['Beta'], why: 'one company is no group' },
        ],
      };
      const r = resolveCompanies(spellings, [], reviewed);
      const [usa, acme] = [r.companyOf('Acme USA LLC')!, r.companyOf('Acme')!];
      assert.notEqual(usa, acme, 'a group is no merge');
      assert.equal(usa.name, 'Acme USA LLC');
      assert.equal(usa.group, acme.group);
      assert.deepEqual(usa.group, {
        id: 'acme-group',
        name: 'Acme',
        evidence: 'regional arms',
        members: [
          { id: 'acme-usa', name: 'Acme USA LLC', products: 9 },
          { id: 'acme', name: 'Acme', products: 3 },
        ],
      });
      assert.equal(r.companyOf('Acme Canada')!.group, undefined);
      assert.equal(r.companyOf('Beta')!.group, undefined);
      assert.equal(r.companyOf('Gamma')!.group, undefined);
      assert.deepEqual(r.warnings, [
        "groups names 'Nobody', which no product carries",
        "group 'Acme North' left out: Acme USA LLC already in 'Acme'",
        "group 'Beta' left out: its members are fewer than two companies",
      ]);
    });

    it('relates a brand to the maker its note names', () => {
      const r = resolveCompanies(
        input(['SunPower', 10], ['SunPower Corp (Original Mfg - Xantrex)', 2], ['Xantrex Technology', 3]),
        [],
      );
      const sunpower = r.companyOf('SunPower Corp (Original Mfg - Xantrex)')!;
      assert.equal(sunpower.name, 'SunPower');
      assert.deepEqual(
        sunpower.related.map((x) => [x.relation, x.company]),
        [['made-by', 'xantrex-technology']],
      );
      assert.equal(r.companyOf('Xantrex Technology')!.related[0].relation, 'makes-for');
    });
  });

  describe('on the real lists', function () {
    this.timeout(180000);
    let drafts: ProductDraft[];
    let spellings: SpellingInput[];
    let links: EditionLink[];
    let reviewed: Reviewed;
    let r: ReturnType<typeof resolveCompanies>;
    let seconds: number;

    before(() => {
      const started = Date.now();
      drafts = convertSources(loadManifest()).drafts;
      ({ spellings, links } = companyInputs(drafts));
      reviewed = loadReviewedCompanies();
      r = resolveCompanies(spellings, links, reviewed);
      seconds = (Date.now() - started) / 1000;
    });

    const one = (...names: string[]) => {
      const ids = new Set(names.map((n) => r.companyOf(n)?.id));
      assert.equal(ids.size, 1, `${names.join(' / ')} -> ${[...ids].join(', ')}`);
      assert.ok(!ids.has(undefined));
      for (const n of names) assert.ok(spellings.some((s) => s.spelling === n) || links.some((l) => l.from === n), n);
      return r.companyOf(names[0])!;
    };

    it('reports what it found', () => {
      const multi = r.companies.filter((c) => c.spellings.length > 1);
      const rules = new Map<string, number>();
      for (const c of r.companies) for (const s of c.spellings) rules.set(s.rule, (rules.get(s.rule) ?? 0) + 1);
      const products = drafts.length;
      const inMulti = multi.reduce((sum, c) => sum + c.products, 0);
      const byKey = new Set(spellings.map((s) => companyKey(s.spelling)));
      console.log(
        [
          `conversion and resolution: ${seconds.toFixed(1)} s`,
          `products ${products}; distinct manufacturer strings ${spellings.length} (+${r.companies.reduce((n, c) => n + c.spellings.length, 0) - spellings.length} only in edition links)`,
          `companyKey alone: ${byKey.size} keys`,
          `companies ${r.companies.length}; with 2+ spellings ${multi.length}, carrying ${inMulti} products (${((100 * inMulti) / products).toFixed(1)}%)`,
          `spellings per rule: ${[...rules].map(([k, v]) => `${k} ${v}`).join(', ')}`,
          `edition links: ${links.length} (from, to) pairs, ${links.reduce((n, l) => n + l.products, 0)} products; ${links.filter((l) => companyKey(l.from) !== companyKey(l.to)).length} between different keys`,
          `relations: ${r.companies.reduce((n, c) => n + c.related.length, 0)} (${[...new Set(r.companies.flatMap((c) => c.related.map((x) => x.relation)))].join(', ')})`,
          'largest companies with several spellings:',
          ...multi
            .slice(0, 30)
            .map(
              (c) =>
                `  ${c.id} (${c.products}) [${r.aliasesOf(c).join(', ')}]: ${c.spellings.map((s) => `${s.spelling} ${s.products} ${s.rule}`).join(' | ')}`,
            ),
        ].join('\n'),
      );
      assert.deepEqual(r.warnings, []);
    });

    it('puts every spelling of the named groups in one company', () => {
      one('Jinko Solar Co. Ltd', 'Jinko Solar Co - Ltd', 'Jinko Solar Co._ Ltd');
      one(
        'Canadian Solar Inc.',
        'Canadian Solar Inc',
        'Canadian Solar Incorporated',
        'Canadian Solar',
        'CSI Solar Co. Ltd.',
      );
      one('SolarEdge Technologies Ltd', 'SolarEdge Technologies Inc.', 'SolarEdge Technologies');
      one('Enphase Energy Inc', 'Enphase Energy', 'Enphase Energy Inc.');
      one('LG Electronics Inc.', 'LG Electronics Inc');
      one('Vietnam Sunergy Joint Stock Company', 'VIETNAM SUNERGY JOINT STOCK COMPANY');
      // 'Hanwha Q Cells' and 'Hanwha Q Cells Q.PEAK DUO' (derived from 2019 names) are gone: the 2022
      // edition lists those modules with its Manufacturer column, 'Hanwha Q CELLS', and the 2024 rename
      // to Qcells North America is linked from that name.
      one('Hanwha Q CELLS', 'Qcells North America');
      one('Hyundai Heavy Industries Green Energy Co.', 'HYUNDAI ENERGY SOLUTIONS CO. LTD.');
      one('SunPower', 'SunPower Corp (Original Mfg - Fronius Int. GmbH)', 'SunPower Corp (Original Mfg - SMA America)');
    });

    it('groups the brands the reviewed table names, each company apart', () => {
      const group = (spelling: string) => r.companyOf(spelling)!.group;
      const qcells = group('Hanwha Q CELLS (Qidong)')!;
      assert.equal(qcells.id, 'qcells-group');
      assert.deepEqual(
        qcells.members.map((m) => m.id),
        ['hanwha-qcells-qidong', 'qcells-north-america', 'q-cells'],
      );
      assert.equal(group('Hanwha Q CELLS'), qcells);
      assert.notEqual(r.companyOf('Hanwha Q CELLS'), r.companyOf('Hanwha Q CELLS (Qidong)'));
      assert.deepEqual(
        group('Sonali Energees')!.members.map((m) => [m.name, m.products]),
        [
          ['Sonali Energees USA LLC', 299],
          ['Sonali Energees', 7],
        ],
      );
      assert.equal(r.companyOf('Hanwha Solar Canada')!.group, undefined, 'left out: not shown to make Qcells modules');
      const ids = new Set(r.companies.map((c) => c.id));
      const groups = new Set(r.companies.flatMap((c) => (c.group ? [c.group] : [])));
      assert.equal(groups.size, reviewed.groups.length, 'every reviewed group kept');
      for (const g of groups) assert.ok(!ids.has(g.id), `${g.id} is a company id`);
    });

    it('reads brands and product lines', () => {
      const brand = parseBrand('SunPower Corp (Original Mfg - Fronius Int. GmbH)');
      assert.equal(companyKey(brand.brand), 'sunpower');
      assert.equal(brand.originalMaker, 'Fronius Int. GmbH');
      const sunpower = r.companyOf('SunPower Corp (Original Mfg - Fronius Int. GmbH)')!;
      assert.equal(sunpower.name, 'SunPower');
      assert.ok(sunpower.related.some((x) => x.relation === 'made-by' && x.name.startsWith('Fronius')));
      assert.equal(r.companyOf('Siliken Canada SLK60P6L')!.name, 'Siliken Canada');
      assert.equal(r.companyOf('Centrosolar Canada SP6')!.name, 'Centrosolar Canada');
      // A line without a digit is cut only back to a known maker.
      const eldora = r.companyOf('Vikram Solar ELDORA')!;
      assert.equal(eldora.name, 'Vikram Solar');
      assert.equal(eldora.spellings.find((s) => s.spelling === 'Vikram Solar ELDORA')?.productLine, 'ELDORA');
    });

    it('gives the short forms people type', () => {
      const has = (spelling: string, alias: string) =>
        assert.ok(
          r.aliasesOf(r.companyOf(spelling)!).includes(alias),
          `${alias}: ${r.aliasesOf(r.companyOf(spelling)!).join(', ')}`,
        );
      has('Jinko Solar Co. Ltd', 'Jinko');
      has('Qcells North America', 'Qcells');
      has('Qcells North America', 'Q CELLS');
      has('SolarEdge Technologies Ltd', 'SolarEdge');
      has('CSI Solar Co. Ltd.', 'Canadian Solar');
      has('SMA America', 'SMA');
      has('LG Electronics Inc.', 'LG');
      // A derived short form belongs to one company only.
      const owners = new Map<string, Company[]>();
      for (const c of r.companies)
        for (const a of r.aliasesOf(c).filter((x) => !c.reviewedAliases.includes(x)))
          owners.set(a.toLowerCase(), [...(owners.get(a.toLowerCase()) ?? []), c]);
      const shared = [...owners].filter(([a, cs]) => cs.length > 1 && !a.includes(' '));
      assert.deepEqual(shared, []);
    });

    it('merges different keys only on evidence', () => {
      const pairs = new Map<string, number>();
      for (const l of links) {
        const [a, b] = [r.companyOf(l.from)!, r.companyOf(l.to)!];
        if (a !== b) continue;
        const [ka, kb] = [
          a.spellings.find((s) => s.spelling === l.from)!.key,
          a.spellings.find((s) => s.spelling === l.to)!.key,
        ];
        if (ka === kb) continue;
        const id = [ka, kb].sort().join('\u0000');
        pairs.set(id, (pairs.get(id) ?? 0) + l.products);
      }
      const reviewedPairs = new Set<string>();
      for (const m of reviewed.merges)
        for (const a of m.spellings)
          for (const b of m.spellings) {
            const [ca, cb] = [r.companyOf(a), r.companyOf(b)];
            if (!ca || !cb) continue;
            const [ka, kb] = [
              ca.spellings.find((s) => s.spelling === a)!.key,
              cb.spellings.find((s) => s.spelling === b)!.key,
            ];
            reviewedPairs.add([ka, kb].sort().join('\u0000'));
          }
      for (const c of r.companies) {
        const keys = [...new Set(c.spellings.map((s) => s.key))];
        // The company's keys must be connected by links of enough products or by reviewed merges.
        const reached = new Set([keys[0]]);
        for (let grew = true; grew;) {
          grew = false;
          for (const k of keys) {
            if (reached.has(k)) continue;
            const tied = [...reached].some((j) => {
              const id = [j, k].sort().join('\u0000');
              return (pairs.get(id) ?? 0) >= MIN_LINK_PRODUCTS || reviewedPairs.has(id);
            });
            if (tied) {
              reached.add(k);
              grew = true;
            }
          }
        }
        assert.deepEqual(
          keys.filter((k) => !reached.has(k)),
          [],
          `${c.name}: keys merged without evidence`,
        );
        for (const s of c.spellings) {
          assert.ok(s.evidence.length > 0, s.spelling);
          if (s.rule === 'identity' || s.rule === 'normalization') assert.equal(s.key, c.key, s.spelling);
          // A key other than the spelling's own companyKey needs a brand note or a product line cut.
          if (s.key !== companyKey(s.spelling)) assert.ok(s.originalMaker || s.productLine !== undefined, s.spelling);
        }
      }
      // One key, one company, unless the reviewed table splits it.
      const split = new Set(reviewed.splits.flatMap((x) => x.spellings));
      const byKey = new Map<string, string>();
      for (const c of r.companies)
        for (const s of c.spellings) {
          if (split.has(s.spelling)) continue;
          const k = companyKey(parseBrand(s.spelling).brand);
          assert.equal(byKey.get(k) ?? c.id, c.id, `'${s.spelling}' (${k}) split without a reviewed split`);
          byKey.set(k, c.id);
        }
    });
  });
});
