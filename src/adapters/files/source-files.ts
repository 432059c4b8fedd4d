// The source files the catalog was seeded from (seed/sources, shipped in the image beside the
// code), read back as they were seeded: a file whose sha256 differs from the one the seed stored is
// refused, since its cells would no longer be the ones the products' claims cite.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceDoc } from '../../catalog/source.types';
import { AppError } from '../../errors/app-error';
import { sourceFileChanged, sourceFileMissing } from '../../errors/catalog';
import { PROJECT_ROOT } from '../../shared/paths';

const SEED_DIR = path.join(PROJECT_ROOT, 'seed');

/** Each source's encoding as the manifest declares it (UTF-8 unless it says latin1). */
function encodings(): Map<string, BufferEncoding> {
  try {
    const manifest = JSON.parse(readFileSync(path.join(SEED_DIR, 'manifest.json'), 'utf8')) as {
      sources: { id: string; encoding?: string }[];
    };
    return new Map(manifest.sources.map((s) => [s.id, s.encoding === 'latin1' ? 'latin1' : 'utf8']));
  } catch {
    return new Map();
  }
}

export function sourceFiles(dir = path.join(SEED_DIR, 'sources')) {
  let known: Map<string, BufferEncoding> | undefined;
  return async function sourceText(source: SourceDoc): Promise<string> {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, path.basename(source.file)));
    } catch {
      throw new AppError(sourceFileMissing(source.file));
    }
    if (createHash('sha256').update(bytes).digest('hex') !== source.sha256)
      throw new AppError(sourceFileChanged(source.file));
    known ??= encodings();
    return bytes.toString(known.get(source._id) ?? 'utf8');
  };
}
