/**
 * The Storage API under bad input: every malformed request gets a structured 4xx answer
 * ({ statusCode, error, message } or the gateway's { message }), never a crash, and the server
 * keeps serving. Raw HTTP where supabase-js would not send such requests; assertions hold for
 * the emulator and a hosted project alike.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import { serviceClient } from "../support/supabase.ts";

const BUCKET = `conf-robust-${crypto.randomUUID().slice(0, 8)}`;
const base = `${SUPABASE_URL}/storage/v1`;
const secret = { apikey: SUPABASE_SECRET_KEY, authorization: `Bearer ${SUPABASE_SECRET_KEY}` };
const service = serviceClient();

async function storageJson(res: Response) {
  expect(res.headers.get("content-type") ?? "").toMatch(/application\/json/);
  const body = (await res.json()) as { statusCode?: string; error?: string; message?: string };
  expect(typeof body.message).toBe("string");
  return body;
}

beforeAll(async () => {
  const { error } = await service.storage.createBucket(BUCKET, { public: false, fileSizeLimit: 16 });
  expect(error).toBeNull();
  const up = await service.storage.from(BUCKET).upload("keep/ok.txt", "fine", { contentType: "text/plain" });
  expect(up.error).toBeNull();
});

afterAll(async () => {
  await service.storage.from(BUCKET).remove(["keep/ok.txt"]);
  await service.storage.deleteBucket(BUCKET);
});

describe("storage robustness", () => {
  it("malformed JSON is a 400 with a message", async () => {
    const res = await fetch(`${base}/bucket`, {
      method: "POST",
      headers: { ...secret, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const body = await storageJson(res);
    expect(body.statusCode).toBe("400");
  });

  it("a list request without the required prefix is a 400 naming it", async () => {
    const res = await fetch(`${base}/object/list/${BUCKET}`, {
      method: "POST",
      headers: { ...secret, "content-type": "application/json" },
      body: JSON.stringify({ limit: 5 }),
    });
    expect(res.status).toBe(400);
    const body = await storageJson(res);
    expect(body.message).toMatch(/prefix/);
  });

  it("wrongly typed fields are a 400", async () => {
    const res = await fetch(`${base}/object/sign/${BUCKET}/keep/ok.txt`, {
      method: "POST",
      headers: { ...secret, "content-type": "application/json" },
      body: JSON.stringify({ expiresIn: "soon" }),
    });
    expect(res.status).toBe(400);
    expect((await storageJson(res)).message).toMatch(/expiresIn/);
  });

  it("an encoded path traversal never escapes the bucket", async () => {
    const res = await fetch(`${base}/object/authenticated/${BUCKET}/..%2F..%2F..%2Fetc%2Fpasswd`, {
      headers: secret,
    });
    expect(res.status).toBe(400);
    const body = await storageJson(res);
    expect(["400", "404"]).toContain(body.statusCode);
    expect(JSON.stringify(body)).not.toMatch(/root:/);
  });

  it("a multipart upload without a file part is a 400", async () => {
    const res = await fetch(`${base}/object/${BUCKET}/empty.txt`, {
      method: "POST",
      headers: { ...secret, "content-type": "multipart/form-data; boundary=zzz" },
      body: "--zzz--\r\n",
    });
    expect(res.status).toBe(400);
    await storageJson(res);
  });

  it("a raw body over the bucket limit is refused as too large", async () => {
    const res = await fetch(`${base}/object/${BUCKET}/big.bin`, {
      method: "POST",
      headers: { ...secret, "content-type": "application/octet-stream" },
      body: new Uint8Array(64),
    });
    expect(res.status).toBe(400);
    expect(await storageJson(res)).toMatchObject({
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    });
  });

  it("a bearer token that is not a valid JWT is refused as unauthorized", async () => {
    const res = await fetch(`${base}/object/list/${BUCKET}`, {
      method: "POST",
      headers: {
        apikey: SUPABASE_PUBLISHABLE_KEY,
        authorization: "Bearer not.a.jwt",
        "content-type": "application/json",
      },
      body: JSON.stringify({ prefix: "" }),
    });
    expect(res.status).toBe(400);
    expect(await storageJson(res)).toMatchObject({ statusCode: "403", error: "Unauthorized" });
  });

  it("a request without an API key is a 401", async () => {
    const res = await fetch(`${base}/bucket`);
    expect(res.status).toBe(401);
    await storageJson(res);
  });

  it("after all that the server still answers", async () => {
    const { data, error } = await service.storage.from(BUCKET).list("keep");
    expect(error).toBeNull();
    expect(data!.map((e) => e.name)).toEqual(["ok.txt"]);
  });
});
