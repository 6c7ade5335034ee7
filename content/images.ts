// The generated images: their names, sizes and the widths each is made in.
// scripts/generate-images.ts draws them at build time into public/images/;
// components read the same table to write <picture> elements.

export type ImageKind = "cover" | "project" | "portrait";

export const IMAGE_FORMATS = ["avif", "webp"] as const;

export const IMAGE_KINDS: Record<ImageKind, { width: number; height: number; widths: number[] }> = {
  // 1.9:1, the Open Graph shape: news covers also serve as share images.
  cover: { width: 1200, height: 630, widths: [480, 800, 1200] },
  project: { width: 800, height: 450, widths: [480, 800] },
  portrait: { width: 640, height: 640, widths: [320, 640] },
};

/** "/images/news/cover-07-800.webp" */
export function imageUrl(kind: ImageKind, name: string, width: number, format: (typeof IMAGE_FORMATS)[number]): string {
  return `/images/${kind}/${name}-${width}.${format}`;
}

/** The site-wide share image (PNG: what every social network reads). */
export const OG_IMAGE = { url: "/images/og/site.png", width: 1200, height: 630 };

export function coverName(articleId: number): string {
  return `cover-${String(articleId).padStart(2, "0")}`;
}
