// The service's log as objects: each complete line of its stdout that is JSON (a line still being
// written, or anything else on the stream, is skipped).
export function logLines(out: string): Record<string, unknown>[] {
  return out.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}
