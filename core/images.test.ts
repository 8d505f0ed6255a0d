import { describe, expect, it } from "vitest";
import { storageImageSrcSet, storageImageUrl } from "./images.ts";

describe("storage image URLs", () => {
  it("builds public object URLs with each path segment encoded", () => {
    expect(storageImageUrl("https://x.supabase.co/", "villa/front view.jpg")).toBe("https://x.supabase.co/storage/v1/object/public/property-images/villa/front%20view.jpg");
    expect(storageImageUrl("https://x.supabase.co", "/a.svg", "avatars")).toBe("https://x.supabase.co/storage/v1/object/public/avatars/a.svg");
  });

  it("passes absolute URLs through", () => {
    expect(storageImageUrl("https://x.supabase.co", "https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
  });

  it("names renditions of stored images, none for absolute URLs", () => {
    expect(storageImageSrcSet("https://x.supabase.co", "a.jpg", [480, 800])).toBe(
      "https://x.supabase.co/storage/v1/render/image/public/property-images/a.jpg?width=480&quality=75 480w, https://x.supabase.co/storage/v1/render/image/public/property-images/a.jpg?width=800&quality=75 800w",
    );
    expect(storageImageSrcSet("http://127.0.0.1:54321", "a.jpg", [480])).toBe("http://127.0.0.1:54321/storage/v1/render/image/public/property-images/a.jpg?width=480&quality=75 480w");
    expect(storageImageSrcSet("https://x.supabase.co", "https://cdn.example/a.jpg", [480])).toBeUndefined();
  });
});
