/**
 * The money hot paths from many connections at once on a real PostgreSQL, as different staff:
 *   - drafts created and issued while payments are recorded against issued invoices in the same
 *     month (issue_invoice and record_payment touch the same kept counts and finance month);
 *   - drafts of several kinds and currencies inserted several at a time while others are deleted
 *     several at a time (the count triggers' insert and delete paths);
 *   - one invoice paid in full by two people at the same moment (a legitimate conflict: one
 *     payment is recorded, the other refused with a message saying the invoice changed).
 * After each: nothing in the server log about deadlocks or serialization failures, every kept
 * total equal to a fresh count, every series gapless, every amount paid backed by allocations.
 */
import crypto from "node:crypto";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import {
  asUser,
  CONNECTIONS,
  lockFailures,
  SCENARIO_TIMEOUT_MS,
  pick,
  serverLogFrom,
  serverLogSize,
  STAFF,
  USERS,
  type User,
  hammerClean,
  poolPerFile,
} from "./hammer.ts";
import { keptTotalsThatDiffer, numberingGaps, paidWithoutAllocations } from "./invariants.ts";

let pool: pg.Pool;
const tag = crypto.randomUUID().slice(0, 8);

poolPerFile((p) => (pool = p));

/** A draft with one line, created the way the SPA creates it (as its owner), returning its id. */
async function createDraft(
  c: pg.PoolClient,
  owner: User,
  kind = "invoice",
  currency = "GHS",
): Promise<string> {
  return asUser(c, owner, async () => {
    const { rows } = await c.query<{ id: string }>(
      `insert into public.invoices (kind, currency, bill_to_name, bill_to_email, owner_id)
       values ($1, $2, $3, 'client@tests.example', $4) returning id`,
      [kind, currency, `Concurrency ${tag}`, owner.sub],
    );
    await c.query(
      `insert into public.invoice_items (invoice_id, description, quantity, unit_price, tax_class)
       values ($1, 'Agency fee', 1, 1000, 'standard')`,
      [rows[0]!.id],
    );
    return rows[0]!.id;
  });
}

function recordPayment(c: pg.PoolClient, user: User, invoiceId: string, amount: string) {
  return asUser(c, user, () =>
    c.query("select public.record_payment($1)", [
      {
        amount,
        currency: "GHS",
        method: "bank_transfer",
        reference: `conc-${tag}`,
        payer_name: "Concurrency client",
        allocations: [{ invoice_id: invoiceId, amount }],
      },
    ]),
  );
}

/** The checks every scenario ends with. */
async function expectConsistent(logFrom: number) {
  expect(
    lockFailures(serverLogFrom(logFrom)),
    "deadlocks or serialization failures in the server log",
  ).toEqual([]);
  expect(await keptTotalsThatDiffer(pool), "kept totals that differ from a fresh count").toEqual([]);
  expect(await numberingGaps(pool), "series with gaps or repeats").toEqual([]);
  expect(await paidWithoutAllocations(pool), "amounts paid not backed by allocations").toEqual([]);
}

describe("money on a real PostgreSQL, many connections at once", { timeout: SCENARIO_TIMEOUT_MS }, () => {
  it("the demo data is consistent before anything runs (every paid amount backed by allocations)", async () => {
    await expectConsistent(serverLogSize());
  });

  it("issuing invoices while payments are recorded in the same month: no deadlock, totals and numbers hold", async () => {
    const logFrom = serverLogSize();
    const issued: { id: string; owner: User }[] = [];
    // Half the connections create and issue drafts, half record payments of 1.00 on issued ones.
    const outcome = await hammerClean(pool, "issue × record_payment", async (c, worker) => {
      const owner = STAFF[worker % STAFF.length]!;
      if (worker % 2 === 0 || issued.length === 0) {
        const id = await createDraft(c, owner);
        await asUser(c, owner, () => c.query("select public.issue_invoice($1)", [id]));
        issued.push({ id, owner });
      } else {
        const inv = pick(issued);
        await recordPayment(c, pick([inv.owner, USERS.admin]), inv.id, "1.00");
      }
    });
    expect(outcome.done).toBeGreaterThan(CONNECTIONS);
    await expectConsistent(logFrom);
  });

  it("the money report's months while invoices are issued, voided and paid at once: kept months equal a recount", async () => {
    const logFrom = serverLogSize();
    // Issued invoices nobody pays yet (to be voided) and those to be paid: no operation is refused.
    const voidable: { id: string; owner: User }[] = [];
    const payable: { id: string; owner: User }[] = [];
    const outcome = await hammerClean(pool, "issue × void × record_payment", async (c, worker) => {
      const owner = STAFF[worker % STAFF.length]!;
      // A third void, a third pay, the rest issue — and whoever has nothing to void or pay issues,
      // so every turn does real work (an idle turn would spin without awaiting).
      const role = worker % 3;
      if (role === 1 && voidable.length > 0) {
        const inv = voidable.splice(Math.floor(Math.random() * voidable.length), 1)[0]!;
        await asUser(c, inv.owner, () =>
          c.query("select public.void_invoice($1, 'Issued in error')", [inv.id]),
        );
      } else if (role === 2 && payable.length > 0) {
        const inv = pick(payable);
        await recordPayment(c, pick([inv.owner, USERS.admin]), inv.id, "1.00");
      } else {
        // USD invoices are voided, GHS ones paid (the payments are in cedis): both currencies' months move.
        const usd = Math.random() < 0.5;
        const id = await createDraft(c, owner, "invoice", usd ? "USD" : "GHS");
        await asUser(c, owner, () => c.query("select public.issue_invoice($1)", [id]));
        (usd ? voidable : payable).push({ id, owner });
      }
    });
    expect(outcome.done).toBeGreaterThan(CONNECTIONS);
    await expectConsistent(logFrom);
  });

  it("multi-row draft inserts while others delete drafts several at a time: no deadlock, counts hold", async () => {
    const logFrom = serverLogSize();
    const drafts: string[] = [];
    const KINDS = [
      ["invoice", "GHS"],
      ["quote", "USD"],
      ["proforma", "GHS"],
      ["invoice", "USD"],
      ["quote", "GHS"],
    ] as const;
    await hammerClean(pool, "draft inserts × deletes", async (c, worker) => {
      if (worker % 2 === 0 || drafts.length < 6) {
        const owner = STAFF[worker % STAFF.length]!;
        // Three documents of different kinds and currencies in one statement, in a random order.
        const docs = [pick(KINDS), pick(KINDS), pick(KINDS)];
        const { rows } = await asUser(c, owner, () =>
          c.query<{ id: string }>(
            `insert into public.invoices (kind, currency, bill_to_name, owner_id)
             select k, cur, $3, $4 from unnest($1::text[], $2::text[]) as t(k, cur) returning id`,
            [docs.map((r) => r[0]), docs.map((r) => r[1]), `Draft ${tag}`, owner.sub],
          ),
        );
        drafts.push(...rows.map((r) => r.id));
      } else {
        const batch = drafts.splice(Math.floor(Math.random() * Math.max(drafts.length - 5, 1)), 5);
        await asUser(c, USERS.admin, () =>
          c.query("delete from public.invoices where id = any ($1::uuid[])", [batch]),
        );
      }
    });
    await expectConsistent(logFrom);
  });

  it("one invoice paid in full by two people at once: one payment is recorded, the other refused with what it still owes", async () => {
    const logFrom = serverLogSize();
    const client = await pool.connect();
    const invoices: string[] = [];
    try {
      for (let i = 0; i < CONNECTIONS / 2; i++) {
        const id = await createDraft(client, USERS.ama);
        await asUser(client, USERS.ama, () => client.query("select public.issue_invoice($1)", [id]));
        invoices.push(id);
      }
    } finally {
      client.release();
    }
    const { rows } = await pool.query<{ id: string; total: string }>(
      "select id, total::text from public.invoices where id = any ($1::uuid[])",
      [invoices],
    );
    const results = await Promise.allSettled(
      rows.flatMap((inv) =>
        [USERS.ama, USERS.admin].map(async (user) => {
          const c = await pool.connect();
          try {
            return await recordPayment(c, user, inv.id, inv.total);
          } finally {
            c.release();
          }
        }),
      ),
    );
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(results.length - refused.length, "payments recorded").toBe(rows.length);
    // The second one waited for the first (the invoice row is locked), then found nothing owed:
    // a rule's refusal that the payment form turns into "changed meanwhile — reload".
    for (const r of refused) {
      const err = r.reason as { code?: string; message?: string };
      expect({ code: err.code, message: err.message }).toMatchObject({
        code: "P0001",
        message: expect.stringMatching(/is more than it still owes \(GHS 0\.00\)/),
      });
    }
    await expectConsistent(logFrom);
  });
});
