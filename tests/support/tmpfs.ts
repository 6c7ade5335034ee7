// For tests of a full disk: a small tmpfs mounted as a data directory (root
// only; refused with the reason elsewhere), and a file that fills it to the
// last byte.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A tmpfs of `megabytes` at a new folder, or the reason this machine does not allow mounting one. */
export function mountTmpfs(megabytes: number): { dir: string; unmount: () => void } | { refused: string } {
  const dir = mkdtempSync(join(tmpdir(), "full-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m,mode=0700`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { refused: `mounting a tmpfs is not permitted here: ${(error as Error).message.split("\n")[0]}` };
  }
  return {
    dir,
    unmount: () => {
      execFileSync("umount", [dir], { stdio: "pipe" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the filesystem of `dir` with one file, to the last byte it takes; returns the file. */
export function fillDisk(dir: string): string {
  const file = join(dir, "filler");
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (let size = chunk.length; size >= 1;) {
      try {
        writeSync(fd, chunk, 0, size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
        size = Math.floor(size / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  if (statfsSync(dir).bavail !== 0) throw new Error("the filler left space on the disk");
  return file;
}
