// Starts the server the browser tests use: `WARLORD_SERVER_BIN` (a built `warlord-server`) on
// 127.0.0.1 with port 0 (the server picks a free one and prints it), a database in a fresh
// temporary folder, and the UI from web/dist. The address goes to the tests in WARLORD_URL.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = process.env.WARLORD_SERVER_BIN;
  if (!bin) throw new Error("set WARLORD_SERVER_BIN to a built warlord-server (scripts/test does)");
  const dir = mkdtempSync(join(tmpdir(), "warlord-e2e-"));
  const web = fileURLToPath(new URL("../../dist", import.meta.url));
  // Every test creates its games from 127.0.0.1, one client to the server: without
  // `--create-per-minute 0` a fast run passes the 20 games a minute and its last tests are
  // refused (`rate-limited`; the limit has its own tests in server/tests).
  const args = ["--listen", "127.0.0.1:0", "--db", join(dir, "games.db"), "--create-per-minute", "0"];
  const server = spawn(bin, args, {
    env: { ...process.env, WARLORD_WEB_DIR: web, RUST_LOG: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("the server did not start within 60 s")), 60_000);
    server.on("exit", (code) => fail(new Error(`the server exited with ${code}`)));
    let out = "";
    server.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[0-9.:]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
  });
  process.env.WARLORD_URL = url;
  return async () => {
    server.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
}
