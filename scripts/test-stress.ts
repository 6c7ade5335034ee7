// npm run test:stress: the whole test command (npm test) while two busy-loop
// processes keep two cores loaded, as CI finds the machine when other work is
// still winding down. A test that passes only on an idle machine fails here.
import { spawn, spawnSync } from "node:child_process";

const LOADERS = Number(process.env.STRESS_LOADERS ?? 2);
const loaders = Array.from({ length: LOADERS }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);
const stop = () => loaders.forEach((loader) => loader.kill("SIGKILL"));
process.on("SIGINT", () => (stop(), process.exit(130)));
process.on("SIGTERM", () => (stop(), process.exit(143)));

const started = Date.now();
console.log(
  `test:stress: ${LOADERS} busy loops (pids ${loaders.map((loader) => loader.pid).join(", ")}) load the ` +
    `machine while npm test runs`,
);
const result = spawnSync("npm", ["test"], { stdio: "inherit" });
stop();
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`test:stress: npm test ${result.status === 0 ? "passed" : "FAILED"} under load in ${seconds} s`);
process.exit(result.status ?? 1);
