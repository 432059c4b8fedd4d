// An operator command's arguments, read with node:util's parseArgs: `--help` prints the usage, and
// an unknown or malformed option prints what was wrong and the usage, exit 2, never a stack trace.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function commandLine<T extends NonNullable<ParseArgsConfig['options']>>(
  usage: string,
  options: T,
  allowPositionals = false,
) {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${usage}\n`);
    process.exit(2);
  }
}
