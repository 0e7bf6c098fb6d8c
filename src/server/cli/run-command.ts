import { ConfigError } from "../env";

/**
 * Runs a command-line entry and exits with its code. A configuration error prints its lines; any other
 * failure prints one line after `prefix` (its message, never a stack) and exits with 1.
 */
export function runCommand(main: () => Promise<number>, prefix: string): void {
  main()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      if (error instanceof ConfigError) for (const line of error.lines) console.error(line);
      else console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
