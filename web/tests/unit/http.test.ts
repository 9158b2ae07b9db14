import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, lobby } from "../../src/api/http";

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

const busy = { error: { code: "busy", message: "the server is busy" } };

afterEach(() => vi.unstubAllGlobals());

describe("requests the server is too busy for", () => {
  it("are sent again after the Retry-After the server gives", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(429, busy, { "Retry-After": "0.01" }))
      .mockResolvedValueOnce(answer(429, busy, { "Retry-After": "0.01" }))
      .mockResolvedValueOnce(answer(200, []));
    vi.stubGlobal("fetch", fetch);
    await expect(lobby()).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("but other refusals are not", async () => {
    const limited = { error: { code: "rate-limited", message: "too many new games" } };
    const fetch = vi.fn().mockResolvedValue(answer(429, limited, { "Retry-After": "30" }));
    vi.stubGlobal("fetch", fetch);
    const error = await lobby().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("rate-limited");
    expect((error as ApiError).retryAfterS).toBe(30);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
