/**
 * In-memory ContentSource and FormStore for the worker's unit tests (workerd has no database in
 * the `worker` project). They implement the same contracts as the Supabase-backed ones, including
 * "only published rows are visible"; the real ones are exercised by tests/edge against the stack.
 */
import type { PublicBlogPost, PublicProperty } from "#core/schemas/content.ts";
import type { ContentSource, SitemapEntry } from "../content.ts";
import { ContentUnavailableError } from "../content.ts";
import type { SlotTimes } from "#core/inbox/appointment-api.ts";
import {
  StoreUnavailableError,
  type BookResult,
  type FormStore,
  type InsertResult,
  type SlotQuery,
} from "../forms.ts";

export function makeProperty(slug: string, over: Partial<PublicProperty> = {}): PublicProperty {
  return {
    id: crypto.randomUUID(),
    slug,
    title: `4-bedroom house, ${slug}`,
    description: "A detached family home with a pool & boys' quarters <near> the mall.",
    property_type: "house",
    listing_type: "sale",
    status: "available",
    price: 450000,
    currency: "USD",
    rent_period: null,
    bedrooms: 4,
    bathrooms: 5,
    floor_area_sqm: 380,
    land_size_sqm: 740,
    address: "Mensah Wood Street",
    neighbourhood: "East Legon",
    city: "Accra",
    region: "Greater Accra",
    latitude: 5.6371,
    longitude: -0.1612,
    seo_title: null,
    seo_description: null,
    published_at: "2026-11-18T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    property_images: [
      { storage_path: `${slug}/2.svg`, alt_text: "Garden", position: 1, width: 1200, height: 630 },
      { storage_path: `${slug}/1.jpg`, alt_text: "Front view", position: 0, width: 1200, height: 630 },
    ],
    ...over,
  };
}

export function makePost(slug: string, over: Partial<PublicBlogPost> = {}): PublicBlogPost {
  return {
    id: crypto.randomUUID(),
    slug,
    title: `Buying land in Ghana: ${slug}`,
    excerpt: "Seven checks before you pay.",
    cover_image_url: `blog/${slug}.jpg`,
    cover_image_alt: "Cover",
    tags: ["land", "legal"],
    author_name: "Kwame Mensah",
    seo_title: null,
    seo_description: null,
    published_at: "2026-11-19T08:00:00.000Z",
    updated_at: "2026-11-19T09:00:00.000Z",
    ...over,
  };
}

export class MemoryContent implements ContentSource {
  properties: PublicProperty[] = [];
  posts: PublicBlogPost[] = [];
  rates: { rate: number; effective_on: string }[] = [];
  /** Old slug → current slug of a published listing (property_slug_redirects). */
  redirects = new Map<string, string>();
  /** Old slug → current slug of a published post (blog_post_slug_redirects). */
  postRedirects = new Map<string, string>();
  /** Ids of public (non-draft) invoices. */
  invoices = new Set<string>();
  /** When set, every call fails as if the database were unreachable. */
  down = false;
  calls = 0;

  private guard(): void {
    this.calls++;
    if (this.down) throw new ContentUnavailableError("memory content is down");
  }

  async propertyBySlug(slug: string) {
    this.guard();
    return this.properties.find((p) => p.slug === slug) ?? null;
  }
  async postBySlug(slug: string) {
    this.guard();
    return this.posts.find((p) => p.slug === slug) ?? null;
  }
  async countProperties() {
    this.guard();
    return this.properties.length;
  }
  async propertySitemapEntries(offset: number, limit: number): Promise<SitemapEntry[]> {
    this.guard();
    return this.properties.slice(offset, offset + limit).map((p) => ({
      slug: p.slug,
      updated_at: p.updated_at,
      images: [...p.property_images].sort((a, b) => a.position - b.position).map((i) => i.storage_path),
    }));
  }
  async countPosts() {
    this.guard();
    return this.posts.length;
  }
  async postSitemapEntries(offset: number, limit: number): Promise<SitemapEntry[]> {
    this.guard();
    return this.posts.slice(offset, offset + limit).map((p) => ({
      slug: p.slug,
      updated_at: p.updated_at,
      images: p.cover_image_url ? [p.cover_image_url] : [],
    }));
  }
  async latestPosts(limit: number) {
    this.guard();
    return [...this.posts]
      .sort((a, b) => (b.published_at ?? "").localeCompare(a.published_at ?? ""))
      .slice(0, limit);
  }

  async propertyRedirect(oldSlug: string) {
    this.guard();
    const to = this.redirects.get(oldSlug);
    return to && this.properties.some((p) => p.slug === to) ? to : null;
  }

  async postRedirect(oldSlug: string) {
    this.guard();
    const to = this.postRedirects.get(oldSlug);
    return to && this.posts.some((p) => p.slug === to) ? to : null;
  }

  async invoiceIsPublic(id: string) {
    this.guard();
    return this.invoices.has(id);
  }

  async usdGhsRate(day: string) {
    this.guard();
    const inEffect = this.rates
      .filter((r) => r.effective_on <= day)
      .sort((a, b) => b.effective_on.localeCompare(a.effective_on));
    return inEffect[0] ? { rate: inEffect[0].rate, asOf: inEffect[0].effective_on } : null;
  }
}

export class MemoryFormStore implements FormStore {
  rows: { table: string; row: Record<string, unknown> }[] = [];
  publishedProperties = new Map<string, string>(); // slug → id
  down = false;
  /** Free times book() accepts (ISO instants); a booked one leaves the list. */
  free: SlotTimes[] = [];
  slotQueries: SlotQuery[] = [];

  async book(kind: "consultation" | "viewing", fields: Record<string, unknown>): Promise<BookResult> {
    if (this.down) return { ok: false, kind: "unavailable", message: "down" };
    const at = this.free.findIndex((s) => s.start === fields.starts_at);
    if (at < 0) return { ok: false, kind: "taken" };
    this.free.splice(at, 1);
    const id = crypto.randomUUID();
    this.rows.push({ table: kind === "consultation" ? "consultations" : "bookings", row: { ...fields, id } });
    return { ok: true, id, status: "confirmed" };
  }
  async freeSlots(query: SlotQuery): Promise<SlotTimes[]> {
    if (this.down) throw new StoreUnavailableError("down");
    this.slotQueries.push(query);
    return [...this.free];
  }

  async insert(table: string, row: Record<string, unknown>): Promise<InsertResult> {
    if (this.down) return { ok: false, kind: "unavailable", message: "down" };
    const id = crypto.randomUUID();
    this.rows.push({ table, row: { ...row, id } });
    return { ok: true, id };
  }
  async findPublishedProperty(ref: { slug?: string; id?: string }) {
    if (this.down) throw new Error("down");
    for (const [slug, id] of this.publishedProperties) if (slug === ref.slug || id === ref.id) return id;
    return null;
  }
}
