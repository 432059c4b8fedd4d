// Where the gateway's CPU goes, from a V8 CPU profile (`node --cpu-prof`): the functions with the
// most samples of their own, and the samples by owner: the package of node_modules or the file of
// the service nearest on the stack (a socket write is charged to whoever wrote: ioredis, koa, the
// logger), or the part of Node when neither is on it. Not inclusive time: an awaited continuation
// runs under whatever resumed it, so inclusive time by frame says little in async code.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: number[];
}

interface CpuProfile {
  readonly nodes: ProfileNode[];
  readonly samples: number[];
}

export interface ProfileEntry {
  readonly name: string;
  /** Share of the samples in which the process was busy (not idle), in percent. */
  readonly percent: number;
}

export interface ProfileSummary {
  readonly busySamples: number;
  readonly selfTop: ProfileEntry[];
  readonly ownersTop: ProfileEntry[];
}

const IDLE = new Set(['(idle)', '(root)']);

/** The area a frame belongs to: `ioredis`, `src/limits/rate-limit.js`, `node:async_hooks`, `(garbage collector)`. */
export function areaOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  const own = /\/dist\/(src\/.+)$/.exec(url);
  if (own) return own[1];
  const internal = /^node:internal\/([^/]+(?:\/[^/]+)?)/.exec(url);
  if (internal) return `node:${internal[1]}`;
  return url.replace(/^file:\/\//, '');
}

function short(url: string): string {
  const own = /\/dist\/(src\/.+)$/.exec(url);
  if (own) return own[1];
  const pkg = /node_modules\/(.+)$/.exec(url);
  return pkg ? pkg[1] : url.replace(/^node:/, '');
}

export function summarizeProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);

  const busy = profile.samples.filter((id) => !IDLE.has(byId.get(id)?.callFrame.functionName ?? '')).length;
  const selfBy = new Map<string, number>();
  const ownerBy = new Map<string, number>();
  // Depth first, carrying the nearest frame of a package or of the service above each node.
  const walk = (node: ProfileNode, owner: string | undefined): void => {
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    const here = /node_modules\/|\/dist\/src\//.test(url) ? area : owner;
    const hits = self.get(node.id) ?? 0;
    if (hits > 0 && !IDLE.has(functionName)) {
      const name = `${functionName || '(anonymous)'} ${url ? `${short(url)}:${lineNumber + 1}` : ''}`.trim();
      selfBy.set(name, (selfBy.get(name) ?? 0) + hits);
      const by = here ?? area;
      ownerBy.set(by, (ownerBy.get(by) ?? 0) + hits);
    }
    for (const child of node.children ?? []) walk(byId.get(child)!, here);
  };
  walk(profile.nodes[0], undefined);
  const ranked = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => ({ name, percent: (100 * n) / Math.max(1, busy) }));
  return { busySamples: busy, selfTop: ranked(selfBy), ownersTop: ranked(ownerBy) };
}
