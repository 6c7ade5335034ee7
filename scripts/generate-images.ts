// Draws the site's images (news covers, project pictures, the founder's
// portrait, the share image) into public/images/ in AVIF and WebP at each
// width. Skips the work when nothing that shapes them changed.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { CATEGORY_HUES } from "#content/news/categories.ts";
import { ARTICLES } from "#content/news/index.ts";
import { coverName, IMAGE_FORMATS, IMAGE_KINDS, imageUrl, OG_IMAGE, type ImageKind } from "#content/images.ts";
import { coverArt, ogArt, portraitArt, projectArt } from "./image-art.ts";

const root = process.cwd();
const stampFile = join(root, "public/images/.stamp");

function fingerprint(): string {
  const hash = createHash("sha256");
  for (const file of [
    "scripts/image-art.ts",
    "scripts/generate-images.ts",
    "content/images.ts",
    "content/news/categories.ts",
  ]) {
    hash.update(readFileSync(join(root, file)));
  }
  hash.update(JSON.stringify(ARTICLES.map((a) => [a.id, a.category])));
  return hash.digest("hex");
}

async function write(kind: ImageKind, name: string, art: string): Promise<number> {
  const { widths } = IMAGE_KINDS[kind];
  let count = 0;
  for (const width of widths) {
    const image = sharp(Buffer.from(art)).resize({ width });
    for (const format of IMAGE_FORMATS) {
      const file = join(root, "public", imageUrl(kind, name, width, format));
      mkdirSync(dirname(file), { recursive: true });
      const encoded =
        format === "avif" ? image.clone().avif({ quality: 55, effort: 4 }) : image.clone().webp({ quality: 78 });
      await encoded.toFile(file);
      count += 1;
    }
  }
  return count;
}

export async function generateImages(): Promise<string> {
  const stamp = fingerprint();
  try {
    if (readFileSync(stampFile, "utf8") === stamp) return "images up to date";
  } catch {
    // no stamp yet
  }
  let count = 0;
  const cover = IMAGE_KINDS.cover;
  for (const article of ARTICLES) {
    count += await write(
      "cover",
      coverName(article.id),
      coverArt(article.id, CATEGORY_HUES[article.category], cover.width, cover.height),
    );
  }
  const project = IMAGE_KINDS.project;
  for (const name of ["summarizer", "playgrounds-de", "playgrounds-world"] as const) {
    count += await write("project", name, projectArt(name, project.width, project.height));
  }
  count += await write("portrait", "founder", portraitArt(IMAGE_KINDS.portrait.width));
  const og = join(root, "public", OG_IMAGE.url);
  mkdirSync(dirname(og), { recursive: true });
  await sharp(Buffer.from(ogArt(OG_IMAGE.width, OG_IMAGE.height)))
    .png({ compressionLevel: 9 })
    .toFile(og);
  writeFileSync(stampFile, stamp);
  return `${count + 1} images written`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await generateImages());
