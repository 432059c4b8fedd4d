// The changes feed at depth: N changes stored in the earlier layout (the seq as a numeric _id), a
// page of 100 read at the start and at the end as the earlier repository read it (one findOne per
// seq, 8 at once), then the store moved to string keys by the repository itself (timed) and the
// same pages read again, each by a fresh repository (no cache).
// `node dist/bench/changes-feed.js [N]` after `npm run build`, with the local engines up. Prints JSON.
import { openCatalog } from '../test/helpers/catalog';
import { ChangeRepository } from '../src/adapters/mongo/change.repository';
import type { ChangeDoc } from '../src/catalog/revision.types';

const N = Number(process.argv[2] ?? 40_000);
const PAGE = 100;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
}

async function main() {
  const catalog = await openCatalog();
  try {
    const db = catalog.mongo.db;
    const earlier = db.collection<ChangeDoc>('changes');
    const at = new Date();
    for (let from = 1; from <= N; from += 5000) {
      const docs = Array.from({ length: Math.min(5000, N - from + 1) }, (_, i) => ({
        _id: from + i,
        product_id: `module|maker|model ${from + i}`,
        number: 1,
        created_at: at,
        summary: 'listed in cec-modules 2024-10-01',
      }));
      await earlier.insertMany(docs);
    }
    await db.collection<{ _id: string; value: number }>('counters').insertOne({ _id: 'changes_settled', value: N });
    // The earlier repository's page: one findOne per seq by numeric _id, 8 at once.
    const earlierPage = async (after: number) => {
      const seqs = Array.from({ length: PAGE }, (_, i) => after + 1 + i);
      let next = 0;
      const lane = async () => {
        while (next < seqs.length) await earlier.findOne({ _id: seqs[next++] });
      };
      await Promise.all(Array.from({ length: 8 }, lane));
    };
    const say = (what: string, value: unknown) =>
      process.stderr.write(`changes-feed: ${what} ${JSON.stringify(value)}\n`);
    const before = { first_page_ms: (await timed(() => earlierPage(0))).ms, last_page_ms: 0 };
    say('earlier layout, page 1 ms', before.first_page_ms);
    before.last_page_ms = (await timed(() => earlierPage(N - PAGE))).ms;
    say('earlier layout, last page ms', before.last_page_ms);
    const migration_ms = (await timed(() => new ChangeRepository(db).ready())).ms;
    say('moved over in ms', migration_ms);
    const page = async (after: number) => {
      const { ms, value } = await timed(() => new ChangeRepository(db).range(after, after + PAGE));
      if (value.length !== PAGE || value[0]._id !== after + 1) throw new Error(`page after ${after} read wrong`);
      return ms;
    };
    const after = { first_page_ms: await page(0), last_page_ms: await page(N - PAGE) };
    console.log(JSON.stringify({ changes: N, page: PAGE, before, migration_ms, after }));
  } finally {
    await catalog.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
