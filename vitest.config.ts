import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,content,server,shared,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    // Generous: tests wait for what they need (a row, a mail, a timeout firing); a busy machine makes that slower, not
    // wrong.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
