// Whether a process of this id runs: for files that name the process holding
// something (a probe's data folder, the storage alarm's marker), so that one
// left by a process that is gone can be taken over.

/** True when the process runs, including one this process may not signal. */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
