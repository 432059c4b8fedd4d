// Comparing secrets (MACs, hashes, tokens) in time that does not depend on where they differ.
import { timingSafeEqual } from 'node:crypto';

export function equalInConstantTime(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
