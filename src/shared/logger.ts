// Structured JSON logs on stdout, one object a line. Keys that can carry secrets are redacted
// wherever they appear, so a careless call site cannot leak a password, key or token.
import type { Config } from '../config';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;
const SECRET_KEYS = /pass(word)?|secret|token|authorization|api[-_]?key|cookie|hash/i;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export function createLogger(
  level: Config['LOG_LEVEL'],
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const threshold = LEVELS[level];
  const emit =
    (lvl: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[lvl] < threshold) return;
      write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...(redact(fields) as object) })}\n`);
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
