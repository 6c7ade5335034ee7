// Abstract illustrations drawn as SVG: deterministic for a given name, so a
// rebuild makes the same bytes. No text (alt text describes each picture).

/** A small deterministic random generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ` +
  `${height}">${body}</svg>`;

function background(width: number, height: number, hue: number, id: string) {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue} 70% 22%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 75% 45%)"/>
  </linearGradient></defs><rect width="${width}" height="${height}" fill="url(#${id})"/>`;
}

/** A network of nodes and links over a gradient, in the article's hue. */
export function coverArt(seed: number, hue: number, width: number, height: number): string {
  const next = random(seed * 7919);
  const nodes = Array.from({ length: 22 }, () => ({ x: next() * width, y: next() * height, r: 3 + next() * 9 }));
  let links = "";
  for (const [i, a] of nodes.entries()) {
    for (const b of nodes.slice(i + 1)) {
      if (Math.hypot(a.x - b.x, a.y - b.y) < width / 4.5) {
        links += `<line x1="${a.x.toFixed(1)}" y1="${a.y.toFixed(1)}" x2="${b.x.toFixed(1)}" y2="${b.y.toFixed(1)}"/>`;
      }
    }
  }
  const circles = nodes
    .map((n) => `<circle cx="${n.x.toFixed(1)}" cy="${n.y.toFixed(1)}" r="${n.r.toFixed(1)}"/>`)
    .join("");
  const rings = Array.from({ length: 3 }, (_, i) => {
    const r = (0.18 + i * 0.12) * height;
    return (
      `<circle cx="${(width * (0.65 + next() * 0.2)).toFixed(1)}" ` +
      `cy="${(height * (0.3 + next() * 0.4)).toFixed(1)}" r="${r.toFixed(1)}"/>`
    );
  }).join("");
  return svg(
    width,
    height,
    `${background(width, height, hue, "bg")}
    <g fill="none" stroke="hsl(${hue} 90% 85%)" stroke-opacity="0.18" stroke-width="2">${rings}</g>
    <g stroke="hsl(${hue} 90% 88%)" stroke-opacity="0.35" stroke-width="1.5">${links}</g>
    <g fill="hsl(${hue} 95% 92%)" fill-opacity="0.85">${circles}</g>`,
  );
}

export function projectArt(
  name: "summarizer" | "playgrounds-de" | "playgrounds-world",
  width: number,
  height: number,
): string {
  if (name === "summarizer") {
    const line = (x: number, y: number, w: number) => `<rect x="${x}" y="${y}" width="${w}" height="10" rx="5"/>`;
    const long = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => line(110, 110 + i * 28, 220 - (i % 3) * 30)).join("");
    const short = [0, 1, 2].map((i) => line(500, 170 + i * 28, 160 - i * 30)).join("");
    return svg(
      width,
      height,
      `${background(width, height, 250, "bg")}
      <rect x="80" y="80" width="280" height="300" rx="16" fill="hsl(250 60% 96%)"/>
      <g fill="hsl(250 30% 70%)">${long}</g>
      <path d="M390 230h70m-18-18 18 18-18 18" stroke="#fff" stroke-width="8" fill="none"
        stroke-linecap="round" stroke-linejoin="round"/>
      <rect x="480" y="140" width="220" height="150" rx="16" fill="hsl(250 60% 96%)"/>
      <g fill="hsl(160 60% 40%)">${short}</g>`,
    );
  }
  const next = random(name === "playgrounds-de" ? 11 : 23);
  const pins = Array.from({ length: 9 }, () => {
    const x = 120 + next() * (width - 240);
    const y = 110 + next() * (height - 200);
    return (
      `<path d="M${x.toFixed(0)} ${y.toFixed(0)}c-14 0-24 10-24 23 0 17 24 37 24 37s24-20 ` +
      `24-37c0-13-10-23-24-23z"/><circle cx="${x.toFixed(0)}" cy="${(y + 22).toFixed(0)}" r="8" fill="#fff"/>`
    );
  }).join("");
  const ground =
    name === "playgrounds-de"
      ? `<g fill="none" stroke="hsl(140 40% 85%)" stroke-opacity="0.5" stroke-width="3"><path d="M0 300c150-60 ` +
        `260 40 400-20s260-80 400-10"/><path d="M0 160c180 40 300-60 480 0s220 40 320 10"/></g>`
      : `<circle cx="${width / 2}" cy="${height / 2}" r="${height * 0.42}" fill="hsl(200 60% 55%)" ` +
        `fill-opacity="0.35"/><g fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"><ellipse ` +
        `cx="${width / 2}" cy="${height / 2}" rx="${height * 0.42}" ry="${height * 0.16}"/><ellipse ` +
        `cx="${width / 2}" cy="${height / 2}" rx="${height * 0.16}" ry="${height * 0.42}"/></g>`;
  return svg(
    width,
    height,
    `${background(width, height, name === "playgrounds-de" ? 140 : 200, "bg")}${ground}<g fill="hsl(20 90% ` +
      `60%)">${pins}</g>`,
  );
}

/** An illustrated head-and-shoulders portrait. */
export function portraitArt(size: number): string {
  const s = size / 640;
  return svg(
    size,
    size,
    `<g transform="scale(${s})">${background(640, 640, 235, "bg")}
    <circle cx="320" cy="250" r="120" fill="hsl(28 45% 72%)"/>
    <path d="M200 215c0-80 55-125 120-125s120 45 120 125c-30-40-80-55-120-55s-90 15-120 55z" fill="hsl(30 15% 30%)"/>
    <path d="M120 640c0-130 90-210 200-210s200 80 200 210z" fill="hsl(220 25% 25%)"/>
    <path d="M290 430h60l-30 70z" fill="#fff"/></g>`,
  );
}

/** The share image: the brand mark over the brand gradient. */
export function ogArt(width: number, height: number): string {
  return svg(
    width,
    height,
    `${background(width, height, 245, "bg")}
    <g transform="translate(${width / 2 - 150} ${height / 2 - 150}) scale(9.375)">
      <rect width="32" height="32" rx="7" fill="#fff" fill-opacity="0.12"/>
      <path d="M8 23V9h3.2l4.8 7.4L20.8 9H24v14h-3.2v-8.6l-4.8 7.2-4.8-7.2V23z" fill="#fff"/>
    </g>`,
  );
}
