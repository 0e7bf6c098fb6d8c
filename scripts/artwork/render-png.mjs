// Renders the PNG artwork (Open Graph image and Apple touch icon) from the SVG sources in this folder.
// Usage (from the project root): node scripts/artwork/render-png.mjs
import { readFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

const jobs = [
  { src: "og-default.svg", out: "public/images/og-default.png", background: "#0e5a61" },
  { src: "apple-touch-icon.svg", out: "public/apple-touch-icon.png", background: "#0e5a61" },
];

for (const { src, out, background } of jobs) {
  const svg = await readFile(join(here, src), "utf8");
  const target = join(root, out);
  await mkdir(dirname(target), { recursive: true });
  // flatten() removes the alpha channel so the PNGs are fully opaque; palette
  // quantisation (quality 100, dithered) keeps the gradients smooth at well under 120 KB.
  const info = await sharp(Buffer.from(svg))
    .flatten({ background })
    .png({ compressionLevel: 9, palette: true, quality: 100, effort: 10 })
    .toFile(target);
  console.log(`${out}: ${info.width}x${info.height}, ${info.size} bytes`);
}
