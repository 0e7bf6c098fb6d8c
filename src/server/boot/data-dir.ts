import fs, { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../env";

/**
 * The data folder holds the embedded database (its write-ahead log has patients' names, e-mails and
 * phones), the uploads, the secret key and the maintenance socket: only the server's own user may
 * enter it. Everything this process creates from here on is owner-only whatever umask it was started
 * with (PGlite creates its files 0666 & ~umask: 0644 under the usual 022), the folder is made 0700,
 * and a folder that group or others may enter is refused with the command that fixes it (a folder
 * handed to the server is not silently changed: the operator chose its mode).
 */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

export function dataDirRefusal(dataDir: string, mode: number): string {
  return (
    `Invalid configuration: DATA_DIR ${dataDir} is open to other users (mode ${(mode & 0o777).toString(8).padStart(4, "0")}): ` +
    `run \`chmod 700 ${dataDir}\``
  );
}

/**
 * Owner-only from here on: umask 077, DATA_DIR created 0700 (unless `create` is false and it is
 * missing), refused (ConfigError, one line) when group or others have any access to it, and what is
 * inside made owner-only (files 0600, folders 0700: a folder an older version left at 0644 files).
 */
export function protectDataDir(dataDir: string, options: { create?: boolean } = {}): void {
  process.umask(0o077);
  keepOwnerOnly(path.resolve(dataDir));
  if (!existsSync(dataDir)) {
    if (options.create === false) return;
    mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
    chmodSync(dataDir, DATA_DIR_MODE);
  }
  const { mode } = statSync(dataDir);
  if ((mode & 0o077) !== 0) throw new ConfigError([dataDirRefusal(dataDir, mode)]);
  tighten(dataDir);
}

/** Files 0600 and folders 0700 below `dir` (symbolic links are left alone: they may point anywhere). */
function tighten(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const { mode } = lstatSync(full);
    if (entry.isDirectory()) {
      if ((mode & 0o777) !== DATA_DIR_MODE) chmodSync(full, DATA_DIR_MODE);
      tighten(full);
    } else if ((mode & 0o077) !== 0) {
      chmodSync(full, mode & 0o700);
    }
  }
}

/**
 * PGlite's file system layer (Emscripten's NODEFS) does not leave modes to the umask: it chmods what
 * it creates to the mode the database asked for inside its virtual file system, 0666 (measured: 968
 * of 1,097 files of a fresh DATA_DIR/db). It calls `fs.chmodSync` / `fs.fchmodSync` on Node's fs
 * module at each use, so those two are wrapped once, here: a mode asked for a path inside a protected
 * data folder (or for an open file: only PGlite changes modes by descriptor in this process) loses its
 * group and other bits. Nothing else in the process is affected.
 */
const protectedRoots = new Set<string>();
let wrapped = false;

function insideProtected(target: fs.PathLike): boolean {
  const full = path.resolve(String(target));
  for (const root of protectedRoots) if (full === root || full.startsWith(root + path.sep)) return true;
  return false;
}

function ownerOnly(mode: fs.Mode): fs.Mode {
  const value = typeof mode === "string" ? Number.parseInt(mode, 8) : mode;
  return value & ~0o077;
}

function keepOwnerOnly(root: string): void {
  protectedRoots.add(root);
  if (wrapped) return;
  wrapped = true;
  const chmod = fs.chmodSync;
  const fchmod = fs.fchmodSync;
  fs.chmodSync = (target, mode) => chmod(target, insideProtected(target) ? ownerOnly(mode) : mode);
  fs.fchmodSync = (fd, mode) => fchmod(fd, ownerOnly(mode));
}
