import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EdgeRefusal, edgeFile, edgeJson } from "./edge-api.ts";

// A real HTTP server standing in for the edge: what the request carried, and the edge's answers.
let base = "";
const seen: { method?: string; auth?: string; type?: string; body: string }[] = [];
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => {
    body += c.toString();
  });
  req.on("end", () => {
    seen.push({
      method: req.method,
      auth: req.headers.authorization,
      type: req.headers["content-type"],
      body,
    });
    res.setHeader("content-type", "application/json");
    if (req.url === "/refused") {
      res.statusCode = 409;
      res.end(
        JSON.stringify({ error: "stale", message: "Someone changed this member meanwhile.", field: "role" }),
      );
    } else if (req.url === "/broken") {
      res.statusCode = 502;
      res.end("<html>bad gateway</html>");
    } else {
      res.end(JSON.stringify({ ok: true }));
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("edge requests on behalf of the user", () => {
  it("sends the token and a JSON body, and hands the checked answer back", async () => {
    const answer = await edgeJson(`${base}/ok`, {
      token: "t0k",
      json: { memberId: "m1" },
      parse: (b) => b as { ok: boolean },
    });
    expect(answer).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({
      method: "POST",
      auth: "Bearer t0k",
      type: "application/json",
      body: '{"memberId":"m1"}',
    });
  });

  it("throws the edge's own sentence and code, with the whole answer for callers that need more", async () => {
    const err = await edgeJson(`${base}/refused`, { token: "t", method: "PATCH", parse: (b) => b }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(EdgeRefusal);
    expect(err).toMatchObject({
      message: "Someone changed this member meanwhile.",
      code: "stale",
      status: 409,
    });
    expect((err as EdgeRefusal).body).toMatchObject({ field: "role" });
  });

  it("says what was refused when the answer is not the edge's JSON", async () => {
    const err = await edgeFile(`${base}/broken`).catch((e) => e);
    expect(err).toMatchObject({
      message: "The file could not be made (HTTP 502).",
      code: "refused",
      status: 502,
    });
    const json = await edgeJson(`${base}/broken`, {
      token: "t",
      refusedMessage: "The site refused",
      parse: (b) => b,
    }).catch((e) => e);
    expect(json.message).toBe("The site refused (HTTP 502).");
  });
});
