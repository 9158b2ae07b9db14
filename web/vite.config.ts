// Builds the UI into web/dist, which `warlord serve` serves; unit tests run in Node.
import { defineConfig } from "vitest/config";

export default defineConfig({
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: true },
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
