// Prints every import in src/ that runs against the floors of the house
// (README.md, "How it works"), and every circle of imports; exits 1 when there is any. Node built-ins only.
//
// Floors, top to bottom; an import may point to a lower floor, or stay inside its own folder:
//   5  src/main.ts, src/cli/
//   4  src/wiring/ (the composition root: stores, rooms, routes), src/app.ts
//   3  the domains (src/<domain>/): routes, services and the ports they own; never another domain, and
//      never src/adapters/, not even for a type: a domain speaks through its ports, and wiring/ plugs
//      the adapters in (main.ts and cli/ may import adapters too)
//   2  src/http/ (gates: Koa, not the domains), src/adapters/ (the drivers)
//   1  src/contract/, src/limits/ (rate limits and throttles, and the store interfaces the Redis adapters
//      implement: Koa middleware that knows no gate of http/)
//   0  src/catalog/, src/company-resolution/ (the rules that read companies from their spellings, for the
//      converter and for search), src/config.ts, src/errors/, src/shared/ (import nothing above floor 0)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GROUND = new Set(['catalog', 'company-resolution', 'config.ts', 'errors', 'shared']);

/** The unit a file of the tree at `root` belongs to (a folder of src/, or a top file) and its floor. */
function unitOf(root, file) {
  const rel = path.relative(root, file).split(path.sep);
  const top = rel[1];
  if (top === 'main.ts' || top === 'cli') return { unit: top, floor: 5 };
  if (top === 'wiring' || top === 'app.ts') return { unit: top, floor: 4 };
  if (GROUND.has(top)) return { unit: top, floor: 0 };
  if (top === 'contract' || top === 'limits') return { unit: top, floor: 1 };
  if (top === 'http' || top === 'adapters') return { unit: top, floor: 2 };
  return { unit: top, floor: 3, domain: true };
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return undefined;
}

const IMPORT = /^(?:import|export)\s[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm;

/** Why an import from unit `a` into unit `b` runs against the floors, or undefined when it does not. */
function against(a, b) {
  if (a.unit === b.unit) return undefined;
  if (b.floor > a.floor) return 'upward';
  if (a.domain && b.unit === 'adapters') return 'a domain into the adapters';
  if (b.floor === a.floor && b.floor !== 0) return a.domain && b.domain ? 'another domain' : 'sideways';
  return undefined;
}

/**
 * The imports of the tree at `root` (its src/) that run against the floors, or out of src/ (the code lives
 * there; seed/ holds data), and its circles.
 */
export function analyse(root = ROOT) {
  const all = files(path.join(root, 'src'));
  const edges = new Map();
  const upward = [];
  for (const file of all) {
    const text = readFileSync(file, 'utf8');
    const targets = [];
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (!target) continue;
      if (path.relative(path.join(root, 'src'), target).startsWith('..')) {
        upward.push(
          `${path.relative(root, file)} -> ${path.relative(root, target)} (out of src/: the code lives there)`,
        );
        continue;
      }
      targets.push(target);
      const a = unitOf(root, file);
      const b = unitOf(root, target);
      const why = against(a, b);
      if (why)
        upward.push(
          `${path.relative(root, file)} -> ${path.relative(root, target)} (${why}: ${a.unit} on floor ${a.floor}, ${b.unit} on floor ${b.floor})`,
        );
    }
    edges.set(file, targets);
  }
  // Circles between files: Tarjan's strongly connected components of more than one file.
  const circles = [];
  let index = 0;
  const stack = [];
  const meta = new Map();
  const visit = (v) => {
    meta.set(v, { index, low: index, on: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).on) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).on = false;
        component.push(path.relative(root, w));
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort((a, b) => a.localeCompare(b)));
    }
  };
  for (const file of all) if (!meta.has(file)) visit(file);
  return { files: all.length, upward, circles };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files: count, upward, circles } = analyse();
  for (const line of upward) console.log(`import against the floors: ${line}`);
  for (const c of circles) console.log(`circle: ${c.join(' <-> ')}`);
  console.log(`${count} files: ${upward.length} imports against the floors, ${circles.length} circles`);
  process.exit(upward.length + circles.length > 0 ? 1 : 0);
}
