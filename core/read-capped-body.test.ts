import { describe, expect, it } from "vitest";
import { readCappedBody } from "./read-capped-body.ts";

/** A streamed body of the given chunks, with no Content-Length (as a chunked upload arrives). */
function streamed(chunks: string[]): Request {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(ctrl) {
      for (const c of chunks) ctrl.enqueue(enc.encode(c));
      ctrl.close();
    },
  });
  return new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readCappedBody", () => {
  it("returns the whole body up to and including the cap", async () => {
    const got = await readCappedBody(streamed(["abc", "de"]), 5);
    expect(new TextDecoder().decode(got!)).toBe("abcde");
  });

  it("refuses a streamed body one byte over the cap", async () => {
    expect(await readCappedBody(streamed(["abc", "def"]), 5)).toBeNull();
  });

  it("refuses a declared Content-Length over the cap without reading", async () => {
    // A client may declare more than it sends: the declaration alone is refused.
    const req = new Request("http://x/", {
      method: "POST",
      body: "small",
      headers: { "content-length": "10" },
    });
    expect(await readCappedBody(req, 9)).toBeNull();
  });

  it("reads an empty body as empty", async () => {
    expect((await readCappedBody(new Request("http://x/"), 10))?.byteLength).toBe(0);
  });
});
