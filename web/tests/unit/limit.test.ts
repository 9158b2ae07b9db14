import { describe, expect, it } from "vitest";
import { Limiter } from "../../src/core/limit";

describe("limiter", () => {
  it("runs at most its limit of jobs at once, in order, urgent ones first", async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        order.push(name);
        releases.push(() => {
          running -= 1;
          resolve(name);
        });
      });
    const all = ["a", "b", "c", "d"].map((n) => limiter.run(job(n)));
    const urgent = limiter.run(job("u"), true);
    await Promise.resolve();
    expect(order).toEqual(["a", "b"]);
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all([...all, urgent])).toEqual(["a", "b", "c", "d", "u"]);
    expect(order).toEqual(["a", "b", "u", "c", "d"]);
    expect(most).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it("frees its slot when a job fails", async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await limiter.run(() => Promise.resolve(3))).toBe(3);
  });
});
