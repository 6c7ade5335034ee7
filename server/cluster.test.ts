import { describe, expect, it } from "vitest";
import { WORKER_HEAP_FLAGS, workerEnv, workerExecArgv } from "./cluster.ts";

describe("workerExecArgv", () => {
  it("bounds each worker's heap by default, keeping the primary's own flags", () => {
    expect(workerExecArgv(["--enable-source-maps"])).toEqual(["--enable-source-maps", ...WORKER_HEAP_FLAGS]);
  });

  it("leaves a limit the operator chose, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-old-space-size=512"])).toEqual([
      "--max-old-space-size=512",
      "--max-semi-space-size=2",
      "--no-allocation-site-pretenuring",
    ]);
    expect(workerExecArgv([], "--max_semi_space_size=8 --max-old-space-size=256")).toEqual([
      "--no-allocation-site-pretenuring",
    ]);
    // Pretenuring asked for either way, in either spelling, is the operator's choice.
    expect(
      workerExecArgv(["--allocation_site_pretenuring"], "--max-semi-space-size=8 --max-old-space-size=256"),
    ).toEqual(["--allocation_site_pretenuring"]);
    expect(
      workerExecArgv(["--no-allocation-site-pretenuring", "--max-old-space-size=64"], "--max-semi-space-size=8"),
    ).toEqual(["--no-allocation-site-pretenuring", "--max-old-space-size=64"]);
  });
});

describe("workerEnv", () => {
  it("keeps each worker to two malloc arenas and a fixed mmap threshold, unless the operator set their own", () => {
    expect(workerEnv({})).toEqual({
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "131072",
      UV_TCP_SINGLE_ACCEPT: "1",
    });
    expect(workerEnv({ MALLOC_ARENA_MAX: "4" })).toEqual({
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "131072",
      UV_TCP_SINGLE_ACCEPT: "1",
    });
    expect(
      workerEnv({
        MALLOC_ARENA_MAX: "4",
        MALLOC_MMAP_THRESHOLD_: "0",
        MALLOC_TRIM_THRESHOLD_: "1",
        UV_TCP_SINGLE_ACCEPT: "0",
      }),
    ).toEqual({});
  });
});
