// The data directory holds the form-token and device-token key, password and
// session hashes and every contact message: only the server's own user may
// read it, whatever the umask. SQLite gives the -wal and -shm files the
// mode of the database file, so a 0600 app.db keeps them private too.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { join } from "node:path";

export const DIRECTORY_MODE = 0o700;
export const FILE_MODE = 0o600;

/** The database files SQLite keeps beside app.db. */
export const DATABASE_FILES = ["app.db", "app.db-wal", "app.db-shm"] as const;

/**
 * Creates the data directory (0700) and an empty database file (0600) when
 * missing, and tightens them and SQLite's other files when they are looser.
 * Returns the paths it tightened, for the log.
 */
export function preparePrivateDataDir(dataDir: string): string[] {
  const tightened: string[] = [];
  const tighten = (path: string, mode: number) => {
    if ((statSync(path).mode & 0o777) !== mode) {
      chmodSync(path, mode);
      tightened.push(path);
    }
  };
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: DIRECTORY_MODE });
  tighten(dataDir, DIRECTORY_MODE);
  const database = join(dataDir, DATABASE_FILES[0]);
  // Created with its final mode, so it is never readable by others for a moment.
  if (!existsSync(database)) closeSync(openSync(database, "a", FILE_MODE));
  for (const name of DATABASE_FILES) {
    const path = join(dataDir, name);
    if (existsSync(path)) tighten(path, FILE_MODE);
  }
  return tightened;
}
