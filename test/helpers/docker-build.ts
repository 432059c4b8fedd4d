// Replays a Dockerfile without a Docker engine: the build context as `docker build` sends it
// (.dockerignore honoured), each stage's COPY and RUN lines in a folder of its own, read from the
// Dockerfile itself so the rehearsal cannot drift from it. Only the instructions our Dockerfile uses
// are understood; any other makes the replay fail rather than silently skip it.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

export interface Stage {
  readonly name?: string;
  readonly instructions: Instruction[];
}

/** Stages of a Dockerfile, continuation lines joined, comments dropped. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (!keyword) throw new Error(`unreadable Dockerfile line: ${line}`);
    if (keyword.toUpperCase() === 'FROM') stages.push({ name: /\sAS\s+(\S+)$/i.exec(args)?.[1], instructions: [] });
    else if (stages.length === 0) throw new Error(`${keyword} before FROM`);
    stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** The build context: every file under `root` that .dockerignore lets through, copied into `into`. */
export function stageContext(root: string, into: string): string[] {
  const ignoreFile = path.join(root, '.dockerignore');
  const ignore = dockerignore().add(existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : '');
  const sent: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (ignore.ignores(entry.isDirectory() ? `${child}/` : child)) continue;
      if (entry.isDirectory()) walk(child);
      else {
        mkdirSync(path.dirname(path.join(into, child)), { recursive: true });
        cpSync(path.join(root, child), path.join(into, child));
        sent.push(child);
      }
    }
  };
  walk('');
  return sent;
}

/** Splits `COPY [--from=x] a b ./dest` into its sources, destination and origin stage. */
function copyArgs(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  const from = words[0].startsWith('--from=') ? words.shift()!.slice('--from='.length) : undefined;
  if (words.some((w) => w.startsWith('--'))) throw new Error(`COPY flag not understood: ${args}`);
  const dest = words.pop()!;
  return { from, sources: words, dest };
}

function copyInto(sourceRoot: string, source: string, workdir: string, dest: string): void {
  const from = path.join(sourceRoot, source);
  if (!existsSync(from)) throw new Error(`COPY ${source}: not in ${sourceRoot}`);
  const target =
    dest.endsWith('/') || dest === '.' || dest === './'
      ? path.join(workdir, dest, path.basename(source))
      : path.join(workdir, dest);
  if (statSync(from).isDirectory()) cpSync(from, target, { recursive: true });
  else {
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(from, target);
  }
}

/** The environment a stage's ENV lines set (`ENV A=1 B=2`). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of stage.instructions.filter((x) => x.keyword === 'ENV')) {
    for (const pair of i.args.split(/\s+/)) {
      const [k, ...v] = pair.split('=');
      env[k] = v.join('=');
    }
  }
  return env;
}

/**
 * Replays the stages into `<into>/<stage index>`, each stage's WORKDIR mapped to that folder. RUN lines
 * run with sh there; a COPY of a file that is not in the context or the earlier stage fails.
 */
export function replay(stages: Stage[], context: string, into: string, runEnv: NodeJS.ProcessEnv): string[] {
  const folders: string[] = [];
  stages.forEach((stage, n) => {
    const folder = path.join(into, `stage-${n}`);
    mkdirSync(folder, { recursive: true });
    folders.push(folder);
    for (const { keyword, args } of stage.instructions) {
      if (keyword === 'COPY') {
        const { from, sources, dest } = copyArgs(args);
        if (from === undefined) {
          for (const source of sources) copyInto(context, source, folder, dest);
          continue;
        }
        const origin = stages.findIndex((s) => s.name === from);
        if (origin < 0 || origin >= n) throw new Error(`COPY --from=${from}: no such earlier stage`);
        // Paths in an earlier stage are absolute, under its WORKDIR.
        for (const source of sources)
          copyInto(folders[origin], path.relative(workdirOf(stages[origin]), source), folder, dest);
      } else if (keyword === 'RUN') {
        execFileSync('sh', ['-c', args], { cwd: folder, env: { ...runEnv, ...stageEnv(stage) }, stdio: 'pipe' });
      } else if (!['FROM', 'WORKDIR', 'ENV', 'USER', 'EXPOSE', 'HEALTHCHECK', 'CMD'].includes(keyword)) {
        throw new Error(`the replay does not understand ${keyword}`);
      }
    }
  });
  return folders;
}

export function workdirOf(stage: Stage): string {
  return stage.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args ?? '/';
}

/** The argv of an exec-form CMD or HEALTHCHECK ... CMD line. */
export function execForm(args: string): string[] {
  return JSON.parse(args.replace(/^.*?CMD\s+/, '')) as string[];
}
