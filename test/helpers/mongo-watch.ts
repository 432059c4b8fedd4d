// A TCP proxy in front of MongoDB that reads every command the service sends (OP_MSG, the only
// opcode the driver uses) and records its name and the collection it names, so a test can say which
// collections a request made the service read. Bytes pass through unchanged.
import net from 'node:net';
import { BSON } from 'mongodb';
import { freePort } from './private-engines';

const OP_MSG = 2013;
const READS = new Set(['find', 'aggregate', 'count', 'distinct', 'findAndModify', 'getMore']);

export interface SeenCommand {
  readonly name: string;
  /** The collection the command names (for getMore, its `collection` field). */
  readonly collection?: string;
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

  /** Records every whole message in `bytes`; returns what is left of a message not yet complete. */
  private read(bytes: Buffer): Buffer {
    let at = 0;
    while (bytes.length - at >= 16 && bytes.length - at >= bytes.readInt32LE(at)) {
      const length = bytes.readInt32LE(at);
      // Header (16 bytes), flag bits (4), then section kind 0: the command document.
      if (bytes.readInt32LE(at + 12) === OP_MSG && bytes[at + 20] === 0) {
        const body = BSON.deserialize(bytes.subarray(at + 21, at + length), { promoteLongs: false });
        const name = Object.keys(body)[0];
        const named = name === 'getMore' ? body.collection : body[name];
        this.commands.push({ name, collection: typeof named === 'string' ? named : undefined });
      }
      at += length;
    }
    return bytes.subarray(at);
  }
}
