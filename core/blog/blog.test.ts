/** Blog admin's pure rules: the post workflow, the editor's form, the calendar's month grid. */
import { describe, expect, it } from "vitest";
import {
  gridRange,
  monthGrid,
  parseKeywords,
  parseMonth,
  shiftMonth,
  topicFormSchema,
} from "./content-plan.ts";
import { counterState, parseTags, postFormSchema, postFormValues, SEO_RECOMMENDED } from "./post-schema.ts";
import {
  allStatusMoves,
  postVisibility,
  scheduleProblem,
  SCHEDULE_IN_PAST,
  statusMoveError,
} from "./post-workflow.ts";

describe("post workflow", () => {
  it("allows draft → scheduled → published → draft and refuses published → scheduled with the database's sentence", () => {
    expect(statusMoveError("draft", "scheduled")).toBeNull();
    expect(statusMoveError("scheduled", "published")).toBeNull();
    expect(statusMoveError("published", "draft")).toBeNull();
    expect(statusMoveError("published", "scheduled")).toBe(
      "A post cannot go from Published to Scheduled. From Published it can go to Draft.",
    );
    expect(allStatusMoves()).toHaveLength(6);
  });
  it("a schedule must be in the future", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    expect(scheduleProblem(new Date("2026-11-25T09:59:00Z"), now)).toBe(SCHEDULE_IN_PAST);
    expect(scheduleProblem(new Date("2026-11-25T10:01:00Z"), now)).toBeNull();
    expect(scheduleProblem(null, now)).toBe("Choose a date and time");
  });
  it("tells live, scheduled and hidden posts apart", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    expect(postVisibility("published", "2026-11-24T10:00:00Z", now)).toBe("live");
    expect(postVisibility("scheduled", "2026-11-26T10:00:00Z", now)).toBe("scheduled");
    expect(postVisibility("scheduled", "2026-11-24T10:00:00Z", now)).toBe("live");
    expect(postVisibility("draft", null, now)).toBe("hidden");
  });
});

describe("the editor's form", () => {
  const base = {
    ...postFormValues(null, "Ama Owusu"),
    title: "Buying land in Ghana: 5 checks before you pay",
    content: "# Hello",
  };
  it("makes the slug from the title and the tags from one line", () => {
    const out = postFormSchema.parse({ ...base, tags: "Land, buying , land,Diaspora" });
    expect(out.slug).toBe("buying-land-in-ghana-5-checks-before-you-pay");
    expect(out.tags).toEqual(["land", "buying", "diaspora"]);
    expect(out.author_name).toBe("Ama Owusu");
    expect(out.seo_title).toBeNull();
  });
  it("refuses a bad slug, too many tags and a cover without its description", () => {
    const r = postFormSchema.safeParse({
      ...base,
      slug: "Bad Slug!",
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(","),
      cover_image_url: "blog/x.jpg",
    });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages.slug).toBe("Use lower-case letters, digits and hyphens");
    expect(messages.tags).toBe("At most 10 tags");
    expect(messages.cover_image_alt).toBe("Describe the cover image for people who cannot see it");
  });
  it("names the SEO limits", () => {
    const r = postFormSchema.safeParse({
      ...base,
      seo_title: "x".repeat(71),
      seo_description: "y".repeat(201),
    });
    const messages = (r.error?.issues ?? []).map((i) => i.message);
    expect(messages).toContain("Search title is limited to 70 characters");
    expect(messages).toContain("Search description is limited to 200 characters");
  });
  it("counts towards the search results' cut-off", () => {
    expect(counterState(55, SEO_RECOMMENDED.title, 70)).toBe("ok");
    expect(counterState(65, SEO_RECOMMENDED.title, 70)).toBe("long");
    expect(counterState(71, SEO_RECOMMENDED.title, 70)).toBe("over");
    expect(parseTags(" , ,")).toEqual([]);
  });
});

describe("content calendar", () => {
  it("lays a month out in whole weeks from Monday", () => {
    // November 2026 starts on a Sunday: the first row begins on Monday 26 October.
    const weeks = monthGrid("2026-11");
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toEqual({ date: "2026-10-26", day: 26, inMonth: false });
    expect(weeks[0]![6]).toEqual({ date: "2026-11-01", day: 1, inMonth: true });
    expect(weeks.at(-1)!.at(-1)!.date).toBe("2026-12-06");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    // February 2027 starts on a Monday and has exactly four weeks.
    expect(monthGrid("2027-02")).toHaveLength(4);
    expect(gridRange("2027-02")).toEqual({ from: "2027-02-01", to: "2027-02-28" });
  });
  it("moves between months across years", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(parseMonth("2026-13")).toBeNull();
  });
  it("checks a topic", () => {
    expect(parseKeywords("Land Title, east legon ,land title")).toEqual(["land title", "east legon"]);
    const r = topicFormSchema.safeParse({
      title: "Rent Act",
      planned_for: "2026-11-30",
      keywords: "",
      audiences: [],
      status: "published",
      owner_id: "x",
      notes: "",
    });
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages.audiences).toBe("Choose at least one audience");
    expect(messages.status).toBe("Choose a status");
    expect(messages.owner_id).toBe("Choose who owns the topic");
  });
});
