/**
 * Draws the demo content's images (abstract newspaper-style illustrations, no real people).
 * Run once with `npx tsx scripts/make-demo-images.ts`; the results are committed under public/demo.
 */
import path from "node:path";
import sharp from "sharp";

const OUT = path.resolve("public/demo");

const scenes: Record<string, { bg: [string, string]; shapes: string }> = {
  "river-flood": {
    bg: ["#274c77", "#a3cef1"],
    shapes: `<path d="M0 520 Q200 470 400 520 T800 520 T1200 520 V800 H0Z" fill="#1b3a5c"/><rect x="180" y="300" width="140" height="200" fill="#e7ecef"/><rect x="360" y="260" width="180" height="240" fill="#d9dde0"/><rect x="600" y="320" width="120" height="180" fill="#eef1f3"/>`,
  },
  "council-chamber": {
    bg: ["#5c4033", "#d4a373"],
    shapes: `<rect x="100" y="420" width="1000" height="60" fill="#3e2a20"/><circle cx="600" cy="250" r="120" fill="#faedcd"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${140 + i * 105}" y="480" width="70" height="140" fill="#7f5539"/>`).join("")}`,
  },
  "data-charts": {
    bg: ["#1d3557", "#457b9d"],
    shapes: Array.from(
      { length: 8 },
      (_, i) =>
        `<rect x="${150 + i * 115}" y="${600 - ((i * 53) % 380)}" width="80" height="${((i * 53) % 380) + 100}" fill="${i % 2 ? "#f1faee" : "#e63946"}"/>`,
    ).join(""),
  },
  "harbour-dawn": {
    bg: ["#ffb4a2", "#6d6875"],
    shapes: `<circle cx="850" cy="300" r="90" fill="#ffcdb2"/><path d="M0 560 H1200 V800 H0Z" fill="#355070"/><path d="M300 560 L420 440 L540 560Z" fill="#eaac8b"/><rect x="415" y="380" width="8" height="180" fill="#2d2d2d"/>`,
  },
  "interview-mic": {
    bg: ["#2b2d42", "#8d99ae"],
    shapes: `<rect x="560" y="200" width="80" height="220" rx="40" fill="#edf2f4"/><rect x="592" y="420" width="16" height="200" fill="#edf2f4"/><rect x="500" y="620" width="200" height="20" fill="#edf2f4"/>`,
  },
  "housing-estate": {
    bg: ["#606c38", "#dda15e"],
    shapes: Array.from(
      { length: 5 },
      (_, i) =>
        `<rect x="${80 + i * 220}" y="${260 + (i % 2) * 60}" width="180" height="${440 - (i % 2) * 60}" fill="#fefae0"/>`,
    ).join(""),
  },
  portrait: {
    bg: ["#e9edc9", "#ccd5ae"],
    shapes: `<circle cx="600" cy="300" r="130" fill="#6b705c"/><path d="M360 800 Q600 420 840 800Z" fill="#6b705c"/>`,
  },
};

for (const [name, scene] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.bg[1]}"/><stop offset="1" stop-color="${scene.bg[0]}"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/>${scene.shapes}</svg>`;
  await sharp(Buffer.from(svg))
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(path.join(OUT, `${name}.jpg`));
}
console.log(`Wrote ${Object.keys(scenes).length} images to ${OUT}`);
