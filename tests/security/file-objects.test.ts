/**
 * Issue 22, item 6: "Delete for good" left the file in Storage, and files.storage_path was not
 * tied to the owner's folder — a member of staff registered rows pointing at another agent's
 * orphaned or not-yet-registered object and downloaded or deleted it. A row's object must lie in
 * its owner's folder; deleting a row queues its object and the sweep-file-objects job removes it,
 * as it removes objects no row has listed for a day; through the API an object is removed only
 * once no row lists it.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILES_BUCKET } from "#core/files/files.ts";
import { JOBS_KICK_PATH } from "#core/jobs.ts";
import { SITE_PORT } from "#scripts/local-env.ts";
import { edge, eventually } from "./support.ts";
import { member, must, newTag, removeMembers, service, type Member } from "./team.ts";

const tag = newTag();
let agent: Member;
let other: Member;
const pdf = (what: string) => new Blob([`%PDF-1.4\n% ${what} ${tag}\n`], { type: "application/pdf" });
const pathOf = (m: Member) => `${m.id}/${crypto.randomUUID()}.pdf`;

async function upload(m: Member, path: string) {
  await must(
    m.client.storage.from(FILES_BUCKET).upload(path, pdf(path), { contentType: "application/pdf" }),
    "upload",
  );
}
const rowFor = (m: Member, path: string) =>
  m.client
    .from("files")
    .insert({
      name: `Site plan ${tag}.pdf`,
      storage_path: path,
      mime_type: "application/pdf",
      size_bytes: 40,
      owner_id: m.id,
    })
    .select("id")
    .single();
const objectExists = async (path: string) =>
  (await service.storage.from(FILES_BUCKET).download(path)).error === null;

async function sweep(token: string) {
  const res = await edge(JOBS_KICK_PATH, {
    method: "POST",
    headers: { host: `crm.localhost:${SITE_PORT}`, authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(202);
}

beforeAll(async () => {
  [agent, other] = await Promise.all([member("staff"), member("staff")]);
}, 60_000);
afterAll(() => removeMembers(agent, other));

describe("item 6: a file row's object is its owner's", () => {
  it("a row pointing at another agent's object is refused; the object stays theirs", async () => {
    const theirs = pathOf(other);
    await upload(other, theirs);
    const res = await rowFor(agent, theirs);
    expect(res.error?.code).toBe("23514");
    expect((await agent.client.storage.from(FILES_BUCKET).download(theirs)).error).not.toBeNull();
    expect((await agent.client.storage.from(FILES_BUCKET).remove([theirs])).data ?? []).toEqual([]);
    expect(await objectExists(theirs)).toBe(true);
  });

  it("an object that a row still lists is not removed through the API, even by its owner", async () => {
    const mine = pathOf(agent);
    await upload(agent, mine);
    await must(rowFor(agent, mine), "row");
    expect((await agent.client.storage.from(FILES_BUCKET).remove([mine])).data ?? []).toEqual([]);
    expect(await objectExists(mine)).toBe(true);
  });
});

describe("item 6: objects follow their rows out", () => {
  it("delete for good (the row) takes the object with it, through the sweep job", async () => {
    const mine = pathOf(agent);
    await upload(agent, mine);
    const row = (await must(rowFor(agent, mine), "row")) as { id: string };
    await must(agent.client.from("files").delete().eq("id", row.id).select("id"), "delete for good");
    const token = (await agent.client.auth.getSession()).data.session!.access_token;
    await sweep(token);
    await eventually("the object to go", async () => !(await objectExists(mine)), 20_000);
  });

  it("an object no row has listed for a day is swept; a fresh upload is not", async () => {
    const orphan = pathOf(agent);
    const fresh = pathOf(agent);
    await upload(agent, orphan);
    await upload(agent, fresh);
    expect(
      await must(service.rpc("sec_age_file_object", { object_name: orphan, age: "25 hours" }), "age"),
    ).toBe(1);
    const token = (await agent.client.auth.getSession()).data.session!.access_token;
    await sweep(token);
    await eventually("the orphan to go", async () => !(await objectExists(orphan)), 20_000);
    expect(await objectExists(fresh)).toBe(true);
    await agent.client.storage.from(FILES_BUCKET).remove([fresh]);
  });
});
