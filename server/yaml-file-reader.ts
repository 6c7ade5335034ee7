// Reads a YAML file into plain objects in a worker thread with a heap of its
// own. js-yaml 5 first turns the whole document into a list of events, then
// builds the tree from them: a monitoring file of 50,000 endpoints was 70 MB
// of events, more than the 128 MB heap `npm start` gives a worker holds beside
// everything else. Here the events live and die in the thread; only the tree
// comes back (a structured clone, about twice the file's size). A file whose
// aliases would expand past the thread's heap ends the thread, not the server
// (decision 057).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** The thread's heap: far more than any file the size limits let through needs, and gone with the thread. */
const READER_HEAP_MB = 512;

/** What the thread runs (CommonJS, as a worker given code runs it): read, parse, post the tree or the reason. */
const READER = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const { load } = require(workerData.yaml);
function read() {
  let text;
  try {
    text = readFileSync(workerData.file, "utf8");
  } catch (error) {
    return { unreadable: error.code || error.message };
  }
  try {
    return { tree: load(text, { maxAliases: workerData.maxAliases }) };
  } catch (error) {
    return { invalid: String(error.message).split("\\n")[0] };
  }
}
parentPort.postMessage(read());
`;

export type YamlRead = { tree: unknown } | { unreadable: string } | { invalid: string } | { tooLarge: string };

/** The file's tree, or why there is none: it cannot be read, it is not YAML, or reading it outgrew the thread. */
export function readYamlFile(file: string, maxAliases: number): Promise<YamlRead> {
  const yaml = createRequire(import.meta.url).resolve("js-yaml");
  return new Promise((resolve) => {
    let answer: YamlRead | undefined;
    const worker = new Worker(READER, {
      eval: true,
      workerData: { file, yaml, maxAliases },
      resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
    });
    worker.once("message", (message: YamlRead) => (answer ??= message));
    worker.once("error", (error: Error & { code?: string }) => {
      answer ??=
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? { tooLarge: `reading it took more than ${READER_HEAP_MB} MB` }
          : { invalid: error.message };
    });
    worker.once("exit", () => resolve(answer ?? { invalid: "the reader stopped without an answer" }));
  });
}
