import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,content,server,shared,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
