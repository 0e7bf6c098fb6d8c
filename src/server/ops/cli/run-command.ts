import { createSecretBox, existingSecretKey, type SecretBox } from "../../auth/secret-box";
import type { OpenOptions } from "../../db/client";
import { ConfigError, type AppConfig } from "../../env";
import { auditKeySetting } from "../../services/audit-chain";

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

/**
 * The key ring a command runs with, as the server would (SECRET_KEY or SECRET_KEY_FILE, else
 * DATA_DIR/secret.key; never generated here), and the options that give its connections the audit
 * chain's key: a command that writes an activity-log line needs them (the trigger refuses it otherwise).
 */
export function commandKeys(config: AppConfig): { secrets: SecretBox | null; open: OpenOptions } {
  const ring = existingSecretKey(config.secretKey, config.dataDir);
  const secrets = ring ? createSecretBox(ring.key) : null;
  return { secrets, open: secrets ? { auditKey: auditKeySetting(secrets) } : {} };
}
