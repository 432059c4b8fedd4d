// A TCP proxy in front of MongoDB that reads every command the service sends (OP_MSG, the only
// opcode the driver uses) and records its name and the collection it names, so a test can say which
// collections a request made the service read. Bytes pass through unchanged.
import net from 'node:net';
import { BSON, type Document } from 'mongodb';
import { freePort } from './private-engines';

const OP_MSG = 2013;
const READS = new Set(['find', 'aggregate', 'count', 'distinct', 'findAndModify', 'getMore']);

export interface SeenCommand {
  readonly name: string;
  /** The collection the command names (for getMore, its `collection` field). */
  readonly collection?: string;
  /** The database it ran in. */
  readonly db?: string;
  /**
   * The filters it selects documents by: find's `filter`, count's, distinct's and findAndModify's
   * `query`, each update's and delete's `q`, an aggregation's leading `$match` (`{}` without one).
   */
  readonly filters: Document[];
}

/** The filters a command selects documents by (see SeenCommand.filters); `sequences`: its document sequences. */
function filtersOf(name: string, body: Document, sequences: Record<string, Document[]>): Document[] {
  const each = (key: string) => ((body[key] as Document[] | undefined) ?? sequences[key] ?? []).map((d) => d.q ?? {});
  switch (name) {
    case 'find':
      return [body.filter ?? {}];
    case 'count':
    case 'distinct':
    case 'findAndModify':
      return [body.query ?? {}];
    case 'update':
      return each('updates');
    case 'delete':
      return each('deletes');
    case 'aggregate': {
      const first = (body.pipeline as Document[] | undefined)?.[0];
      return [first?.$match ?? {}];
    }
    default:
      return [];
  }
}

export class MongoWatch {
  readonly commands: SeenCommand[] = [];
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async create(mongoUri: string): Promise<MongoWatch> {
    const target = new URL(mongoUri.replace(/^mongodb:/, 'http:'));
    const port = await freePort();
    const server = net.createServer();
    const watch = new MongoWatch(server, port);
    server.on('connection', (client) => {
      const upstream = net.connect(Number(target.port || 27017), target.hostname);
      for (const s of [client, upstream]) {
        watch.sockets.add(s);
        s.on('close', () => watch.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      let pending: Buffer = Buffer.alloc(0);
      client.on('data', (chunk: Buffer) => {
        pending = watch.read(Buffer.concat([pending, chunk]));
        upstream.write(chunk);
      });
      upstream.pipe(client);
      client.on('end', () => upstream.end());
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    return watch;
  }

  /** `mongoUri` with its host and port replaced by this proxy's. */
  via(mongoUri: string): string {
    return mongoUri.replace(/\/\/[^/]+/, `//127.0.0.1:${this.port}`);
  }

  /** The reads (find, aggregate, count, ...) seen since `from` that name one of `collections`. */
  readsOf(collections: readonly string[], from = 0): SeenCommand[] {
    return this.commands
      .slice(from)
      .filter((c) => READS.has(c.name) && c.collection !== undefined && collections.includes(c.collection));
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private record(message: Buffer): void {
    const checksum = (message.readUInt32LE(16) & 1) === 1 ? 4 : 0;
    let body: Document | undefined;
    const sequences: Record<string, Document[]> = {};
    for (let at = 20; at < message.length - checksum;) {
      const kind = message[at];
      const size = message.readInt32LE(at + 1);
      if (kind === 0) {
        body = BSON.deserialize(message.subarray(at + 1, at + 1 + size), { promoteLongs: false });
        at += 1 + size;
        continue;
      }
      const nameEnd = message.indexOf(0, at + 5);
      const docs: Document[] = [];
      for (let d = nameEnd + 1; d < at + 1 + size; d += message.readInt32LE(d))
        docs.push(BSON.deserialize(message.subarray(d, d + message.readInt32LE(d)), { promoteLongs: false }));
      sequences[message.toString('utf8', at + 5, nameEnd)] = docs;
      at += 1 + size;
    }
    if (!body) return;
    const name = Object.keys(body)[0];
    const named = name === 'getMore' ? body.collection : body[name];
    this.commands.push({
      name,
      collection: typeof named === 'string' ? named : undefined,
      db: typeof body.$db === 'string' ? body.$db : undefined,
      filters: filtersOf(name, body, sequences),
    });
  }

  /** Records every whole message in `bytes`; returns what is left of a message not yet complete. */
  private read(bytes: Buffer): Buffer {
    let at = 0;
    while (bytes.length - at >= 16 && bytes.length - at >= bytes.readInt32LE(at)) {
      const length = bytes.readInt32LE(at);
      // Header (16 bytes), flag bits (4), then sections: kind 0 the command document, kind 1 a
      // sequence of documents (an update's `updates`, a delete's `deletes`).
      if (bytes.readInt32LE(at + 12) === OP_MSG) this.record(bytes.subarray(at, at + length));
      at += length;
    }
    return bytes.subarray(at);
  }
}
