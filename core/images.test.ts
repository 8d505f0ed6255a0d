import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, GALLERY_IMAGE, imageObjectPath, publicImageSrcSet, publicImageUrl } from "./images.ts";

describe("public image URLs", () => {
  it("are same-origin /images/ paths with each segment encoded, or absolute on a given origin", () => {
    expect(publicImageUrl("villa/front view.jpg")).toBe("/images/villa/front%20view.jpg");
    expect(publicImageUrl("/a.svg")).toBe("/images/a.svg");
    expect(publicImageUrl("blog/x.jpg", "https://ghanarealty.example/")).toBe(
      "https://ghanarealty.example/images/blog/x.jpg",
    );
  });

  it("passes absolute URLs through", () => {
    expect(publicImageUrl("https://cdn.example/a.jpg", "https://site.example")).toBe(
      "https://cdn.example/a.jpg",
    );
  });

  it("names renditions of stored images, none for absolute URLs", () => {
    expect(publicImageSrcSet("a.jpg", [480, 800])).toBe(
      "/images/a.jpg?width=480 480w, /images/a.jpg?width=800 800w",
    );
    expect(publicImageSrcSet("https://cdn.example/a.jpg", [480])).toBeUndefined();
  });

  it("every width the site asks for is one the edge renders", () => {
    for (const w of [...GALLERY_IMAGE.widths, 480, 800, 1200]) expect(IMAGE_WIDTHS).toContain(w);
  });
});

describe("imageObjectPath", () => {
  it("reads the object path of an /images/ URL", () => {
    expect(imageObjectPath("/images/4-bedroom-house/1.jpg")).toBe("4-bedroom-house/1.jpg");
    expect(imageObjectPath("/images/villa/front%20view.jpg")).toBe("villa/front view.jpg");
  });
  it("refuses anything that is not a plain path", () => {
    for (const p of [
      "/images/",
      "/images/../x.jpg",
      "/images/a/../../x",
      "/images/%2e%2e/x.jpg",
      "/images/a//b.jpg",
      "/images/.hidden",
      "/images/a\\b.jpg",
      "/images/%E0%A4%A",
      "/other/a.jpg",
      `/images/${"a".repeat(501)}`,
    ]) {
      expect(imageObjectPath(p), p).toBeNull();
    }
  });
});
