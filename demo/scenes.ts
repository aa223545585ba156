import { createRandom, type TRandom } from './random.ts';

/**
 * Procedural listing photos: SVG scenes that sharp renders, so the demo looks good with no network.
 * No text anywhere, because the fonts a server has are unknown.
 */
export const SCENE_SETTINGS = ['beach', 'mountain', 'snow', 'city', 'countryside', 'lake', 'desert'] as const;
export type TSetting = (typeof SCENE_SETTINGS)[number];
export type TTimeOfDay = 'day' | 'golden' | 'dusk' | 'night';
export const BUILDINGS = [
  'house',
  'townhouse',
  'cabin',
  'aframe',
  'villa',
  'apartment',
  'tiny',
  'igloo',
  'treehouse',
  'houseboat',
  'none',
] as const;
export type TBuilding = (typeof BUILDINGS)[number];
export type TRoom = 'living' | 'bedroom' | 'kitchen';
export type TInteriorStyle = 'nordic' | 'coastal' | 'warm' | 'moody';

export type TScene =
  | { kind: 'outdoor'; setting: TSetting; time: TTimeOfDay; building: TBuilding; seed: number }
  | { kind: 'indoor'; room: TRoom; style: TInteriorStyle; view: TSetting; seed: number };

/** About the size of a phone photo: plenty for cards and the gallery, quick to render. */
const W = 1200;
const H = 800;

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return `#${x
    .map((v, i) =>
      Math.round(v + ((y[i] as number) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const darken = (hex: string, t: number) => mix(hex, '#000000', t);
const lighten = (hex: string, t: number) => mix(hex, '#ffffff', t);

/** One decimal keeps the SVG small without visible loss. */
const n = (v: number) => Math.round(v * 10) / 10;
const pts = (list: readonly (readonly [number, number])[]) =>
  list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

interface TTimeStyle {
  sky: readonly [string, string, string];
  /** Everything on the ground is pulled towards this colour, so one palette serves every hour. */
  tint: string;
  amount: number;
  /** The moon at night; at dusk only its glow shows, from below the horizon. */
  sun: { x: number; y: number; r: number; color: string; glow: string; glowR: number; disc: boolean };
  moon: boolean;
  stars: boolean;
  cloud: string;
  /** For the thin streaks of the other hours; daytime clouds are opaque puffs. */
  cloudOpacity: number;
  /** Windows: reflective glass by day, lamp light after dark. */
  glass: string;
  lit: boolean;
}

const TIMES: Record<TTimeOfDay, TTimeStyle> = {
  day: {
    sky: ['#3d8ad6', '#86bfe9', '#dcedf7'],
    tint: '#ffffff',
    amount: 0,
    sun: { x: 930, y: 130, r: 40, color: '#fffbea', glow: '#fff4c2', glowR: 230, disc: true },
    moon: false,
    stars: false,
    cloud: '#ffffff',
    cloudOpacity: 1,
    glass: '#9fc4de',
    lit: false,
  },
  golden: {
    sky: ['#4b5f9e', '#f0a073', '#ffdc9c'],
    tint: '#ff8a3d',
    amount: 0.17,
    sun: { x: 820, y: 400, r: 54, color: '#fff1c8', glow: '#ffb569', glowR: 460, disc: true },
    moon: false,
    stars: false,
    cloud: '#ffd4ab',
    cloudOpacity: 0.85,
    glass: '#ffd596',
    lit: false,
  },
  dusk: {
    sky: ['#131c44', '#5d4084', '#f39166'],
    tint: '#2b255c',
    amount: 0.42,
    sun: { x: 640, y: 520, r: 60, color: '#ffb27a', glow: '#ff8f5e', glowR: 520, disc: false },
    moon: false,
    stars: true,
    cloud: '#c58aa4',
    cloudOpacity: 0.6,
    glass: '#ffd27c',
    lit: true,
  },
  night: {
    sky: ['#030817', '#0b1a40', '#22396a'],
    tint: '#0a1433',
    amount: 0.6,
    sun: { x: 930, y: 140, r: 32, color: '#f6f2df', glow: '#9fb4e0', glowR: 170, disc: true },
    moon: true,
    stars: true,
    cloud: '#2d3d68',
    cloudOpacity: 0.35,
    glass: '#ffd27c',
    lit: true,
  },
};

interface TCtx {
  r: TRandom;
  time: TTimeOfDay;
  t: TTimeStyle;
  setting: TSetting;
  defs: string[];
  /** Gradients already defined, so a scene with forty lit windows defines one glow. */
  gradients: Map<string, string>;
  id(prefix: string): string;
  /** Lights a colour for the time of day; `k` scales the effect (far layers take more haze). */
  tone(hex: string, k?: number): string;
}

function context(seed: number, time: TTimeOfDay, setting: TSetting): TCtx {
  const base = TIMES[time];
  const t: TTimeStyle =
    setting === 'snow' && time === 'day'
      ? { ...base, sky: ['#6fa6da', '#b2d2ec', '#eef5fb'] }
      : setting === 'desert' && time === 'day'
        ? { ...base, sky: ['#2f7fcf', '#7cb8e6', '#f3e4cc'] }
        : base;
  let counter = 0;
  return {
    r: createRandom(seed),
    time,
    t,
    setting,
    defs: [],
    gradients: new Map(),
    id: (prefix) => `${prefix}${counter++}`,
    tone: (hex, k = 1) => mix(hex, t.tint, Math.min(1, t.amount * k)),
  };
}

function gradient(c: TCtx, body: (id: string) => string): string {
  const key = body('');
  let id = c.gradients.get(key);
  if (!id) {
    id = c.id('g');
    c.gradients.set(key, id);
    c.defs.push(body(id));
  }
  return `url(#${id})`;
}

/** A top-to-bottom gradient over the shape it fills. */
function linear(c: TCtx, stops: readonly string[], opacities?: readonly number[]): string {
  const body = stops
    .map(
      (s, i) =>
        `<stop offset="${n(i / Math.max(1, stops.length - 1))}" stop-color="${s}"${opacities ? ` stop-opacity="${opacities[i]}"` : ''}/>`,
    )
    .join('');
  return gradient(
    c,
    (id) => `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${body}</linearGradient>`,
  );
}

/** A soft glow: the colour at the centre fading out to the edge. */
function radial(c: TCtx, color: string, opacity: number): string {
  return gradient(
    c,
    (id) =>
      `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
  );
}

// ---------------------------------------------------------------- sky

function sky(c: TCtx, horizon: number): string {
  const id = c.id('sky');
  const [a, b, d] = c.t.sky;
  c.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="${horizon}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${a}"/><stop offset="0.62" stop-color="${b}"/><stop offset="1" stop-color="${d}"/></linearGradient>`,
  );
  const out = [`<rect width="${W}" height="${H}" fill="url(#${id})"/>`];
  const { sun } = c.t;
  if (c.t.stars) {
    const stars: string[] = [];
    const count = c.time === 'night' ? 150 : 45;
    for (let i = 0; i < count; i++) {
      const y = c.r.float(0, horizon * (c.time === 'night' ? 0.8 : 0.4));
      stars.push(
        `<circle cx="${n(c.r.float(0, W))}" cy="${n(y)}" r="${n(c.r.float(0.6, 1.9))}" fill-opacity="${n(c.r.float(0.3, 1))}"/>`,
      );
    }
    out.push(`<g fill="#ffffff">${stars.join('')}</g>`);
  }
  if (c.time === 'night' && c.setting === 'snow') out.push(aurora(c, horizon));
  out.push(
    `<circle cx="${sun.x}" cy="${sun.y}" r="${sun.glowR}" fill="${radial(c, sun.glow, c.time === 'day' ? 0.55 : 0.85)}"/>`,
  );
  if (sun.disc) {
    out.push(`<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="${sun.color}"/>`);
    if (c.t.moon) {
      out.push(
        `<g fill="#d9d6c4" fill-opacity="0.55"><circle cx="${sun.x - 10}" cy="${sun.y - 8}" r="7"/><circle cx="${sun.x + 12}" cy="${sun.y + 6}" r="5"/><circle cx="${sun.x - 4}" cy="${sun.y + 14}" r="3.5"/></g>`,
      );
    }
  }
  out.push(clouds(c, horizon));
  return out.join('');
}

/** Northern lights: ribbons whose vertical gradients fade both edges, with faint rays (no blur filter: it is slow). */
function aurora(c: TCtx, horizon: number): string {
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const top = c.r.float(60, 160) + i * 40;
    const x0 = -100 + i * 120;
    const fill = linear(c, ['#7dffc4', '#3fe39b', '#2bb07d'], [0, 0.75, 0]);
    const y1 = top + c.r.float(-60, 60);
    const y2 = top + c.r.float(-80, 40);
    const h = c.r.float(150, 230);
    out.push(
      `<path d="M${x0},${n(top + 40)} C${n(x0 + 350)},${n(y1)} ${n(x0 + 700)},${n(y2 + 120)} ${x0 + 1400},${n(top)} L${x0 + 1400},${n(top + h)} C${n(x0 + 700)},${n(y2 + 120 + h)} ${n(x0 + 350)},${n(y1 + h)} ${x0},${n(top + 40 + h)} Z" fill="${fill}" fill-opacity="${n(0.55 - i * 0.12)}"/>`,
    );
  }
  const ray = linear(c, ['#9dffd6', '#4fe8a6'], [0, 0.22]);
  for (let i = 0; i < 26; i++) {
    const x = c.r.float(0, W);
    const y = c.r.float(40, 180);
    out.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(c.r.float(4, 14))}" height="${n(c.r.float(120, 220))}" fill="${ray}"/>`,
    );
  }
  const purple = linear(c, ['#b07cff', '#7d5cff'], [0, 0.35]);
  out.push(
    `<rect x="0" y="${n(horizon * 0.05)}" width="${W}" height="${n(horizon * 0.3)}" fill="${purple}" fill-opacity="0.5"/>`,
  );
  return out.join('');
}

function cloud(x: number, y: number, s: number): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(86 * s)}" ry="${n(24 * s)}"/><circle cx="${n(x - 34 * s)}" cy="${n(y - 12 * s)}" r="${n(28 * s)}"/><circle cx="${n(x + 6 * s)}" cy="${n(y - 26 * s)}" r="${n(38 * s)}"/><circle cx="${n(x + 46 * s)}" cy="${n(y - 8 * s)}" r="${n(26 * s)}"/>`;
}

function clouds(c: TCtx, horizon: number): string {
  const parts: string[] = [];
  if (c.time === 'day') {
    const count = c.r.int(2, 4);
    for (let i = 0; i < count; i++) {
      const x = c.r.float(80, 1120);
      const y = c.r.float(70, horizon * 0.45);
      const s = c.r.float(0.6, 1.3);
      parts.push(
        `<g fill="#dbe7f1">${cloud(x + 4, y + 7 * s, s)}</g><g fill="${c.t.cloud}">${cloud(x, y, s)}</g>`,
      );
    }
    return parts.join('');
  }
  // Thin streaks, whose overlaps may add up, so fill-opacity is enough (cheaper than group opacity).
  const count = c.r.int(3, 6);
  for (let i = 0; i < count; i++) {
    parts.push(
      `<ellipse cx="${n(c.r.float(0, W))}" cy="${n(c.r.float(horizon * 0.25, horizon * 0.8))}" rx="${n(c.r.float(110, 260))}" ry="${n(c.r.float(5, 12))}"/>`,
    );
  }
  return `<g fill="${c.t.cloud}" fill-opacity="${c.t.cloudOpacity}">${parts.join('')}</g>`;
}

// ---------------------------------------------------------------- terrain

/** A jagged mountain range, optionally with snow caps and shaded faces. */
function range(
  c: TCtx,
  o: { base: number; peaks: number; minH: number; maxH: number; color: string; haze: number; snow?: number },
): string {
  const peaks = Array.from({ length: o.peaks }, (_, i) => ({
    x: ((i + c.r.float(0.15, 0.85)) / o.peaks) * (W + 200) - 100,
    h: c.r.float(o.minH, o.maxH),
    s: c.r.float(0.55, 1.05),
  }));
  const profile: [number, number][] = [];
  for (let x = -20; x <= W + 20; x += 12) {
    let lift = 0;
    for (const p of peaks) lift = Math.max(lift, p.h - Math.abs(x - p.x) * p.s);
    // Roughness only lifts the ridge, so the shaded faces drawn inside each peak never poke out.
    profile.push([x, o.base - Math.max(0, lift) - c.r.float(0, Math.min(8, lift * 0.06))]);
  }
  const color = c.tone(mix(o.color, c.t.sky[2], o.haze), 1 - o.haze * 0.5);
  const out = [`<polygon points="${pts([...profile, [W + 20, H], [-20, H]])}" fill="${color}"/>`];
  const shade = darken(color, 0.22);
  for (const p of peaks) {
    const half = p.h / p.s;
    out.push(
      `<polygon points="${pts([
        [p.x, o.base - p.h],
        [p.x - half, o.base],
        [p.x - half * 0.15, o.base],
      ])}" fill="${shade}" fill-opacity="0.55"/>`,
    );
  }
  if (o.snow !== undefined) {
    const line = o.base - o.maxH * o.snow;
    const bottom = profile.map(
      ([x, y]) => [x, Math.max(y, line + Math.sin(x / 17) * 7 + c.r.float(-5, 5))] as [number, number],
    );
    const snow = c.tone('#f4f8fc', 1 - o.haze * 0.4);
    out.push(`<polygon points="${pts([...profile, ...bottom.reverse()])}" fill="${snow}"/>`);
  }
  return out.join('');
}

/** Smooth rolling hills: a sum of sines sampled finely enough to read as curves. */
function hillProfile(c: TCtx, base: number, amp: number): (x: number) => number {
  const waves = [0, 1, 2].map(() => ({
    f: c.r.float(0.002, 0.008),
    p: c.r.float(0, Math.PI * 2),
    a: c.r.float(0.4, 1),
  }));
  return (x) => base - waves.reduce((sum, w) => sum + Math.sin(x * w.f + w.p) * w.a * amp, 0) / 2;
}

function hills(c: TCtx, profile: (x: number) => number, fill: string): string {
  const points: [number, number][] = [];
  for (let x = -10; x <= W + 10; x += 15) points.push([x, profile(x)]);
  return `<polygon points="${pts([...points, [W + 10, H], [-10, H]])}" fill="${fill}"/>`;
}

function pine(x: number, base: number, h: number, color: string, snow?: string): string {
  const w = h * 0.42;
  const tiers = [0, 1, 2].map((i) => {
    const top = base - h + i * h * 0.24;
    const bottom = base - h * 0.12 - (2 - i) * h * 0.18;
    const half = w * (0.55 + i * 0.22);
    return [
      [x, top],
      [x + half, bottom],
      [x - half, bottom],
    ] as [number, number][];
  });
  const trunk = `<rect x="${n(x - h * 0.035)}" y="${n(base - h * 0.16)}" width="${n(h * 0.07)}" height="${n(h * 0.16)}" fill="${darken(color, 0.35)}"/>`;
  const body = tiers.map((t) => `<polygon points="${pts(t)}" fill="${color}"/>`).join('');
  const caps = snow
    ? tiers
        .map(([top, right, left]) => {
          const [tx, ty] = top as [number, number];
          const [rx, ry] = right as [number, number];
          const [lx] = left as [number, number];
          const k = 0.4;
          return `<polygon points="${pts([
            [tx, ty],
            [tx + (rx - tx) * k, ty + (ry - ty) * k],
            [tx + (lx - tx) * k, ty + (ry - ty) * k],
          ])}" fill="${snow}"/>`;
        })
        .join('')
    : '';
  return trunk + body + caps;
}

function treeLine(
  c: TCtx,
  profile: (x: number) => number,
  color: string,
  minH: number,
  maxH: number,
  snow?: string,
): string {
  const out: string[] = [];
  for (let x = -10; x < W + 10; x += c.r.float(8, 15))
    out.push(pine(x, profile(x) + 6, c.r.float(minH, maxH), color, snow));
  return out.join('');
}

function roundTree(c: TCtx, x: number, base: number, h: number, leaf: string): string {
  const trunk = c.tone('#6b4a32');
  const r = h * 0.3;
  return (
    `<rect x="${n(x - h * 0.04)}" y="${n(base - h * 0.45)}" width="${n(h * 0.08)}" height="${n(h * 0.45)}" fill="${trunk}"/>` +
    `<circle cx="${n(x - r * 0.5)}" cy="${n(base - h * 0.55)}" r="${n(r * 0.8)}" fill="${darken(leaf, 0.12)}"/>` +
    `<circle cx="${n(x + r * 0.55)}" cy="${n(base - h * 0.58)}" r="${n(r * 0.78)}" fill="${darken(leaf, 0.18)}"/>` +
    `<circle cx="${n(x)}" cy="${n(base - h * 0.75)}" r="${n(r)}" fill="${leaf}"/>` +
    `<circle cx="${n(x - r * 0.3)}" cy="${n(base - h * 0.83)}" r="${n(r * 0.45)}" fill="${lighten(leaf, 0.12)}"/>`
  );
}

function cypress(x: number, base: number, h: number, color: string): string {
  const w = h * 0.11;
  return `<path d="M${n(x)},${n(base - h)} C${n(x + w * 1.3)},${n(base - h * 0.65)} ${n(x + w * 1.2)},${n(base - h * 0.2)} ${n(x + w * 0.3)},${n(base)} L${n(x - w * 0.3)},${n(base)} C${n(x - w * 1.2)},${n(base - h * 0.2)} ${n(x - w * 1.3)},${n(base - h * 0.65)} ${n(x)},${n(base - h)} Z" fill="${color}"/><path d="M${n(x)},${n(base - h)} C${n(x + w * 1.3)},${n(base - h * 0.65)} ${n(x + w * 1.2)},${n(base - h * 0.2)} ${n(x + w * 0.3)},${n(base)} L${n(x)},${n(base)} Z" fill="${darken(color, 0.2)}"/>`;
}

function palm(c: TCtx, x: number, base: number, h: number, lean: number): string {
  const trunk = c.tone('#8a6a4a');
  const leaf = c.tone('#2f7a3e');
  const topX = x + lean * h;
  const topY = base - h;
  const out = [
    `<path d="M${n(x - 11)},${n(base)} Q${n(x + lean * h * 0.2)},${n(base - h * 0.55)} ${n(topX - 5)},${n(topY)} L${n(topX + 5)},${n(topY)} Q${n(x + lean * h * 0.2 + 16)},${n(base - h * 0.55)} ${n(x + 11)},${n(base)} Z" fill="${trunk}"/>`,
  ];
  for (let i = 1; i < 7; i++) {
    const y = base - (h * i) / 7;
    const xx = x + lean * h * (i / 7) ** 1.6;
    out.push(
      `<line x1="${n(xx - 8)}" y1="${n(y)}" x2="${n(xx + 8)}" y2="${n(y + 3)}" stroke="${darken(trunk, 0.25)}" stroke-width="2"/>`,
    );
  }
  const fronds = [-168, -140, -110, -70, -40, -12, 160, 20];
  for (const deg of fronds) {
    const a = ((deg + c.r.float(-8, 8)) * Math.PI) / 180;
    const len = h * c.r.float(0.42, 0.55);
    const tipX = topX + Math.cos(a) * len;
    const tipY = topY + Math.sin(a) * len * 0.55 + len * 0.38;
    const midX = topX + Math.cos(a) * len * 0.55;
    const midY = topY + Math.sin(a) * len * 0.55 * 0.7 - len * 0.1;
    const px = -Math.sin(a) * 12;
    const py = Math.cos(a) * 12;
    const fill = deg % 20 === 0 ? darken(leaf, 0.15) : leaf;
    out.push(
      `<path d="M${n(topX)},${n(topY)} Q${n(midX + px)},${n(midY + py)} ${n(tipX)},${n(tipY)} Q${n(midX - px)},${n(midY - py)} ${n(topX)},${n(topY)} Z" fill="${fill}"/>`,
    );
  }
  out.push(
    `<g fill="${c.tone('#5a3f22')}"><circle cx="${n(topX - 6)}" cy="${n(topY + 8)}" r="7"/><circle cx="${n(topX + 6)}" cy="${n(topY + 10)}" r="7"/></g>`,
  );
  return out.join('');
}

function cactus(x: number, base: number, h: number, color: string): string {
  const w = h * 0.16;
  const arm = (dir: number, at: number, up: number) =>
    `<path d="M${n(x)},${n(base - h * at)} h${n(dir * w * 1.8)} v${n(-h * up)}" fill="none" stroke="${color}" stroke-width="${n(w * 0.75)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  return (
    `<line x1="${n(x)}" y1="${n(base)}" x2="${n(x)}" y2="${n(base - h)}" stroke="${color}" stroke-width="${n(w)}" stroke-linecap="round"/>` +
    arm(-1, 0.45, 0.28) +
    arm(1, 0.6, 0.25) +
    `<line x1="${n(x + w * 0.15)}" y1="${n(base - 4)}" x2="${n(x + w * 0.15)}" y2="${n(base - h + 4)}" stroke="${darken(color, 0.18)}" stroke-width="${n(w * 0.18)}" stroke-linecap="round"/>`
  );
}

function grassTufts(c: TCtx, y0: number, y1: number, color: string, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = c.r.float(0, W);
    const y = c.r.float(y0, y1);
    const s = 0.5 + ((y - y0) / Math.max(1, y1 - y0)) * 1.2;
    out.push(
      `<path d="M${n(x - 6 * s)},${n(y)} l${n(-3 * s)},${n(-14 * s)} M${n(x)},${n(y)} l0,${n(-18 * s)} M${n(x + 6 * s)},${n(y)} l${n(4 * s)},${n(-13 * s)}"/>`,
    );
  }
  return `<g stroke="${color}" stroke-width="2.2" stroke-linecap="round" fill="none">${out.join('')}</g>`;
}

function water(c: TCtx, top: number, bottom: number, deep: string): string {
  const near = c.tone(deep, 0.8);
  const far = mix(c.t.sky[2], near, 0.45);
  const out = [
    `<rect x="0" y="${top}" width="${W}" height="${bottom - top}" fill="${linear(c, [far, near])}"/>`,
  ];
  const { sun } = c.t;
  const glitter: string[] = [];
  for (let i = 0; i < 46; i++) {
    const y = top + 3 + (i / 46) ** 1.5 * (bottom - top - 6);
    const spread = 30 + ((y - top) / (bottom - top)) * 130;
    glitter.push(
      `<ellipse cx="${n(sun.x + c.r.float(-spread, spread))}" cy="${n(y)}" rx="${n(c.r.float(10, 50))}" ry="${n(c.r.float(1, 2.6))}" fill-opacity="${n(c.r.float(0.3, 0.85))}"/>`,
    );
  }
  out.push(`<g fill="${c.time === 'night' ? '#dfe6f5' : lighten(sun.glow, 0.3)}">${glitter.join('')}</g>`);
  const lines: string[] = [];
  for (let i = 0; i < 22; i++) {
    const y = c.r.float(top + 8, bottom - 4);
    const x = c.r.float(0, W);
    lines.push(`<line x1="${n(x)}" y1="${n(y)}" x2="${n(x + c.r.float(30, 110))}" y2="${n(y)}"/>`);
  }
  out.push(
    `<g stroke="${lighten(near, 0.3)}" stroke-width="1.6" stroke-opacity="0.45">${lines.join('')}</g>`,
  );
  return out.join('');
}

// ---------------------------------------------------------------- buildings

interface TBuildingPalette {
  wall: string;
  roof: string;
  trim: string;
  accent: string;
}

const PALETTES: Record<TSetting, readonly TBuildingPalette[]> = {
  beach: [
    { wall: '#f7f4ec', roof: '#5c7d99', trim: '#ffffff', accent: '#3d7ea6' },
    { wall: '#f3e1c7', roof: '#b4654a', trim: '#ffffff', accent: '#4aa3a2' },
    { wall: '#e4eef2', roof: '#50606e', trim: '#ffffff', accent: '#e07a5f' },
  ],
  mountain: [
    { wall: '#9a6a45', roof: '#3c3531', trim: '#e9dcc7', accent: '#7a2e26' },
    { wall: '#b98c62', roof: '#2f3a3a', trim: '#f0e6d6', accent: '#36574a' },
  ],
  snow: [
    { wall: '#8c5a3a', roof: '#2d2a2a', trim: '#efe3cf', accent: '#a23a2c' },
    { wall: '#a8754d', roof: '#39404a', trim: '#f5ecdc', accent: '#2f5d7c' },
  ],
  city: [
    { wall: '#a75842', roof: '#4a3f3a', trim: '#efe8dc', accent: '#2f4858' },
    { wall: '#d9d2c4', roof: '#55575c', trim: '#ffffff', accent: '#8c3b3b' },
    { wall: '#5f6f7a', roof: '#2e3236', trim: '#e6e1d6', accent: '#d4a14a' },
  ],
  countryside: [
    { wall: '#e3bd82', roof: '#b35a3c', trim: '#f4ead8', accent: '#5f7f4f' },
    { wall: '#ece3d2', roof: '#6b5646', trim: '#ffffff', accent: '#476a8a' },
  ],
  lake: [
    { wall: '#7d5b43', roof: '#2e3a3f', trim: '#efe6d4', accent: '#b5473a' },
    { wall: '#dfe6e3', roof: '#47525a', trim: '#ffffff', accent: '#2f6d8c' },
  ],
  desert: [
    { wall: '#d7a977', roof: '#9c5a3c', trim: '#f3e6d1', accent: '#3f7f86' },
    { wall: '#efe4d2', roof: '#6e5a4b', trim: '#ffffff', accent: '#c2653a' },
  ],
};

interface TBuild {
  c: TCtx;
  cx: number;
  gy: number;
  pal: TBuildingPalette;
}

function glow(c: TCtx, x: number, y: number, r: number): string {
  return c.t.lit
    ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${radial(c, '#ffc766', 0.45)}"/>`
    : '';
}

function windowPane(
  b: TBuild,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { bars?: boolean; lit?: boolean } = {},
): string {
  const { c } = b;
  // Always draw, lit or not, so the same house keeps its shape at every hour.
  const roll = c.r.next();
  const lit = opts.lit ?? (c.t.lit && roll < 0.8);
  const glass = lit ? '#ffd684' : c.tone(c.t.glass, 0.6);
  const sheen = lit ? '#fff0c2' : lighten(glass, 0.35);
  const frame = c.tone(b.pal.trim);
  const bars =
    opts.bars === false
      ? ''
      : `<line x1="${n(x + w / 2)}" y1="${n(y)}" x2="${n(x + w / 2)}" y2="${n(y + h)}" stroke="${frame}" stroke-width="3"/><line x1="${n(x)}" y1="${n(y + h / 2)}" x2="${n(x + w)}" y2="${n(y + h / 2)}" stroke="${frame}" stroke-width="3"/>`;
  return (
    (lit ? glow(c, x + w / 2, y + h / 2, Math.max(w, h) * 1.1) : '') +
    `<rect x="${n(x - 4)}" y="${n(y - 4)}" width="${n(w + 8)}" height="${n(h + 8)}" fill="${frame}"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${glass}"/>` +
    (lit
      ? ''
      : `<polygon points="${pts([
          [x, y + h * 0.7],
          [x + w * 0.55, y],
          [x + w * 0.8, y],
          [x, y + h],
        ])}" fill="${sheen}" fill-opacity="0.5"/>`) +
    bars
  );
}

/** A gabled block seen from front-right: facade, side wall, roof slope and gable. */
function gabled(
  b: TBuild,
  o: { w: number; h: number; d: number; rise: number; wall: string; roof: string; logs?: boolean },
): { svg: string; x0: number; x1: number; top: number; apex: [number, number] } {
  const { c, cx, gy } = b;
  const x0 = cx - o.w / 2 - o.d / 3;
  const x1 = x0 + o.w;
  const top = gy - o.h;
  const skew = o.d * 0.2;
  const apex: [number, number] = [x1 + o.d / 2, top - skew / 2 - o.rise];
  const wall = c.tone(o.wall);
  const side = darken(wall, 0.2);
  const roof = c.tone(o.roof);
  const out = [
    `<polygon points="${pts([[x1, gy], [x1 + o.d, gy - skew], [x1 + o.d, top - skew], apex, [x1, top]])}" fill="${side}"/>`,
    `<rect x="${n(x0)}" y="${n(top)}" width="${n(o.w)}" height="${n(o.h)}" fill="${wall}"/>`,
  ];
  if (o.logs) {
    const lines: string[] = [];
    for (let y = top + 12; y < gy; y += 13)
      lines.push(`<line x1="${n(x0)}" y1="${n(y)}" x2="${n(x1)}" y2="${n(y)}"/>`);
    out.push(`<g stroke="${darken(wall, 0.3)}" stroke-width="2.5">${lines.join('')}</g>`);
  }
  out.push(
    `<polygon points="${pts([[x0 - 22, top + 8], [x1 + 10, top + 8], apex, [x0 + o.d / 2 - 22, apex[1] + skew / 2]])}" fill="${roof}"/>`,
    `<polyline points="${pts([[x1 + 10, top + 8], apex, [x1 + o.d + 12, top - skew + 8]])}" fill="none" stroke="${darken(roof, 0.3)}" stroke-width="7" stroke-linejoin="round"/>`,
    `<line x1="${n(x0 - 22)}" y1="${n(top + 8)}" x2="${n(x1 + 10)}" y2="${n(top + 8)}" stroke="${darken(roof, 0.35)}" stroke-width="5"/>`,
    `<rect x="${n(x0)}" y="${n(gy - 10)}" width="${n(o.w)}" height="10" fill="${darken(wall, 0.35)}"/>`,
  );
  return { svg: out.join(''), x0, x1, top, apex };
}

function door(b: TBuild, x: number, gy: number, w: number, h: number): string {
  const color = b.c.tone(b.pal.accent);
  return `<rect x="${n(x - 4)}" y="${n(gy - h - 4)}" width="${n(w + 8)}" height="${n(h + 4)}" fill="${b.c.tone(b.pal.trim)}"/><rect x="${n(x)}" y="${n(gy - h)}" width="${n(w)}" height="${n(h)}" fill="${color}"/><circle cx="${n(x + w * 0.8)}" cy="${n(gy - h * 0.48)}" r="3" fill="#d8b25a"/>`;
}

function smoke(c: TCtx, x: number, y: number): string {
  if (c.time === 'day') return '';
  const puffs: string[] = [];
  for (let i = 0; i < 5; i++) {
    puffs.push(
      `<circle cx="${n(x + i * 9 + Math.sin(i * 2.3) * 4)}" cy="${n(y - i * 26)}" r="${n(9 + i * 4)}" fill-opacity="${n(0.5 - i * 0.08)}"/>`,
    );
  }
  return `<g fill="${c.tone('#d8dde3')}">${puffs.join('')}</g>`;
}

function house(b: TBuild): string {
  const { c, gy } = b;
  if (c.setting === 'desert') return adobe(b);
  const g = gabled(b, { w: 330, h: 165, d: 110, rise: 100, wall: b.pal.wall, roof: b.pal.roof });
  const out = [g.svg];
  const chimneyX = g.x0 + 70;
  out.splice(
    0,
    0,
    `<rect x="${n(chimneyX)}" y="${n(g.top - 110)}" width="30" height="100" fill="${c.tone(darken(b.pal.wall, 0.3))}"/>`,
  );
  const winY = g.top + 38;
  out.push(
    windowPane(b, g.x0 + 32, winY, 58, 70),
    windowPane(b, g.x0 + 108, winY, 58, 70),
    windowPane(b, g.x1 - 88, winY, 58, 70),
  );
  out.push(door(b, g.x1 - 160, gy - 10, 44, 86));
  out.push(windowPane(b, g.x1 + 30, g.top + 40, 44, 56));
  return out.join('');
}

/** Desert house: stepped flat-roofed adobe blocks with soft parapets and protruding roof beams. */
function adobe(b: TBuild): string {
  const { c, cx, gy } = b;
  const wall = c.tone('#e6bc94');
  const side = darken(wall, 0.2);
  const beam = c.tone('#5e3f28');
  const out: string[] = [];
  const block = (x: number, w: number, h: number, d: number) => {
    const top = gy - h;
    out.push(
      `<polygon points="${pts([
        [x + w, gy],
        [x + w + d, gy - d * 0.25],
        [x + w + d, top - d * 0.25 + 6],
        [x + w, top + 6],
      ])}" fill="${side}"/>`,
      `<path d="M${x},${gy} V${top + 10} Q${x},${top} ${x + 10},${top} H${x + w - 10} Q${x + w},${top} ${x + w},${top + 10} V${gy} Z" fill="${wall}"/>`,
    );
    const beams: string[] = [];
    for (let bx = x + 24; bx < x + w - 10; bx += 46)
      beams.push(`<rect x="${bx}" y="${top + 18}" width="10" height="9" rx="2"/>`);
    out.push(`<g fill="${beam}">${beams.join('')}</g>`);
    return top;
  };
  const lowX = cx - 300;
  block(lowX, 200, 120, 60);
  const top = block(cx - 130, 320, 175, 90);
  out.push(`<rect x="${cx + 120}" y="${top - 34}" width="36" height="40" rx="10" fill="${wall}"/>`);
  const frame = { ...b, pal: { ...b.pal, trim: '#6b4a30' } };
  out.push(windowPane(frame, lowX + 40, gy - 80, 48, 50), windowPane(frame, lowX + 120, gy - 80, 48, 50));
  out.push(windowPane(frame, cx - 90, top + 50, 64, 64), windowPane(frame, cx + 110, top + 50, 64, 64));
  out.push(
    `<path d="M${cx + 10},${gy} v-78 a32,32 0 0 1 64,0 v78 Z" fill="${c.tone(b.pal.accent)}"/>`,
    `<path d="M${cx + 4},${gy} v-78 a38,38 0 0 1 76,0 v78" fill="none" stroke="${c.tone('#6b4a30')}" stroke-width="6"/>`,
  );
  return out.join('');
}

/** City houses: a row of narrow terraced houses. */
function townhouses(b: TBuild): string {
  const { c, gy } = b;
  const colors = ['#a75842', '#d9c7a7', '#5f7386', '#8f4f3f', '#e6ddcd'];
  const out: string[] = [];
  let x = b.cx - 330;
  for (let i = 0; i < 4; i++) {
    const w = 165;
    const h = c.r.float(300, 360);
    const wall = c.tone(colors[(i + c.r.int(0, 4)) % colors.length] as string);
    const top = gy - h;
    out.push(`<rect x="${n(x)}" y="${n(top)}" width="${w}" height="${n(h)}" fill="${wall}"/>`);
    out.push(
      `<rect x="${n(x - 4)}" y="${n(top - 14)}" width="${w + 8}" height="16" fill="${c.tone(b.pal.trim)}"/>`,
    );
    out.push(
      `<line x1="${n(x)}" y1="${n(top)}" x2="${n(x)}" y2="${gy}" stroke="${darken(wall, 0.25)}" stroke-width="3"/>`,
    );
    for (let f = 0; f < 3; f++) {
      const wy = top + 30 + f * ((h - 120) / 3);
      out.push(windowPane(b, x + 26, wy, 44, 64), windowPane(b, x + 95, wy, 44, 64));
      out.push(
        `<rect x="${n(x + 20)}" y="${n(wy - 12)}" width="56" height="6" fill="${c.tone(b.pal.trim)}"/><rect x="${n(x + 89)}" y="${n(wy - 12)}" width="56" height="6" fill="${c.tone(b.pal.trim)}"/>`,
      );
    }
    out.push(door(b, x + 98, gy - 26, 40, 74));
    const stoop = c.tone('#8d8a84');
    out.push(
      `<polygon points="${pts([
        [x + 86, gy - 26],
        [x + 150, gy - 26],
        [x + 158, gy],
        [x + 78, gy],
      ])}" fill="${stoop}"/>`,
    );
    out.push(windowPane(b, x + 26, gy - 90, 44, 54, { bars: false }));
    x += w;
  }
  return out.join('');
}

function cabin(b: TBuild): string {
  const { c, gy } = b;
  const g = gabled(b, { w: 300, h: 140, d: 120, rise: 115, wall: b.pal.wall, roof: b.pal.roof, logs: true });
  const stone = c.tone('#8b8680');
  const chX = g.x1 + 70;
  const out = [
    `<rect x="${n(chX)}" y="${n(g.apex[1] - 30)}" width="36" height="${n(gy - g.apex[1] + 20)}" fill="${stone}"/>`,
    `<rect x="${n(chX - 4)}" y="${n(g.apex[1] - 36)}" width="44" height="10" fill="${darken(stone, 0.25)}"/>`,
    smoke(c, chX + 18, g.apex[1] - 60),
    g.svg,
  ];
  const winY = g.top + 32;
  out.push(
    windowPane(b, g.x0 + 30, winY, 56, 56, { lit: c.t.lit || c.time === 'golden' }),
    windowPane(b, g.x1 - 86, winY, 56, 56, { lit: c.t.lit }),
  );
  out.push(door(b, g.x0 + 128, gy - 10, 46, 90));
  const post = c.tone(darken(b.pal.wall, 0.25));
  const porchY = g.top + 22;
  out.push(
    `<polygon points="${pts([
      [g.x0 - 30, porchY],
      [g.x1 + 16, porchY],
      [g.x1 + 4, porchY - 26],
      [g.x0 - 18, porchY - 26],
    ])}" fill="${darken(c.tone(b.pal.roof), 0.1)}"/>`,
    `<g fill="${post}"><rect x="${n(g.x0 - 24)}" y="${n(porchY)}" width="10" height="${n(gy - porchY)}"/><rect x="${n(g.x1)}" y="${n(porchY)}" width="10" height="${n(gy - porchY)}"/></g>`,
    `<rect x="${n(g.x0 - 34)}" y="${n(gy - 8)}" width="${n(g.x1 - g.x0 + 54)}" height="12" fill="${darken(post, 0.2)}"/>`,
  );
  return out.join('');
}

function aframe(b: TBuild): string {
  const { c, cx, gy } = b;
  const half = 190;
  const h = 340;
  const roof = c.tone(b.pal.roof);
  const face = c.tone(b.pal.wall);
  const out = [
    `<polygon points="${pts([
      [cx + half, gy],
      [cx + half + 90, gy - 24],
      [cx + 90, gy - h - 24],
      [cx, gy - h],
    ])}" fill="${darken(roof, 0.15)}"/>`,
    `<polygon points="${pts([
      [cx - half, gy],
      [cx, gy - h],
      [cx + half, gy],
    ])}" fill="${roof}"/>`,
    `<polygon points="${pts([
      [cx - half + 38, gy],
      [cx, gy - h + 56],
      [cx + half - 38, gy],
    ])}" fill="${face}"/>`,
  ];
  const lit = c.t.lit;
  const glass = lit ? '#ffd684' : c.tone(c.t.glass, 0.6);
  if (lit) out.push(glow(c, cx, gy - 120, 240));
  out.push(
    `<polygon points="${pts([
      [cx - half + 62, gy - 12],
      [cx, gy - h + 96],
      [cx + half - 62, gy - 12],
    ])}" fill="${glass}"/>`,
  );
  const frame = c.tone(b.pal.trim);
  const bars: string[] = [];
  for (const dx of [-60, 0, 60])
    bars.push(
      `<line x1="${cx + dx}" y1="${gy - 12}" x2="${cx + dx}" y2="${n(gy - h + 96 + Math.abs(dx) * ((h - 108) / (half - 62)))}"/>`,
    );
  for (const y of [gy - 90, gy - 170]) {
    const span = ((y - (gy - h + 96)) / (h - 108)) * (half - 62);
    bars.push(`<line x1="${n(cx - span)}" y1="${y}" x2="${n(cx + span)}" y2="${y}"/>`);
  }
  out.push(`<g stroke="${frame}" stroke-width="4">${bars.join('')}</g>`);
  const deck = c.tone('#7a5a3e');
  out.push(
    `<rect x="${cx - half - 40}" y="${gy - 6}" width="${2 * half + 80}" height="14" fill="${deck}"/>`,
    `<g stroke="${deck}" stroke-width="4"><line x1="${cx - half - 40}" y1="${gy - 40}" x2="${cx - half + 30}" y2="${gy - 40}"/><line x1="${cx + half - 30}" y1="${gy - 40}" x2="${cx + half + 40}" y2="${gy - 40}"/>${[0, 1, 2, 3].map((i) => `<line x1="${cx - half - 40 + i * 23}" y1="${gy - 40}" x2="${cx - half - 40 + i * 23}" y2="${gy}"/><line x1="${cx + half - 30 + i * 23}" y1="${gy - 40}" x2="${cx + half - 30 + i * 23}" y2="${gy}"/>`).join('')}</g>`,
  );
  return out.join('');
}

/** Modern villa: two offset flat-roofed boxes, lots of glass, a wood panel and a pool. */
function villa(b: TBuild): string {
  const { c, cx, gy } = b;
  if (c.setting === 'countryside') return farmhouseVilla(b);
  const wall = c.tone(b.pal.trim === '#ffffff' ? '#f6f4ef' : b.pal.wall);
  const side = darken(wall, 0.16);
  const wood = c.tone('#a8743f');
  const slab = c.tone('#3b3b3b');
  const out: string[] = [];
  const box = (x: number, y: number, w: number, h: number, d: number) => {
    out.push(
      `<polygon points="${pts([
        [x + w, y + h],
        [x + w + d, y + h - d * 0.22],
        [x + w + d, y - d * 0.22],
        [x + w, y],
      ])}" fill="${side}"/>`,
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${wall}"/>`,
      `<polygon points="${pts([
        [x - 14, y - 12],
        [x + w + 14, y - 12],
        [x + w + d + 14, y - d * 0.22 - 12],
        [x + w + d + 14, y - d * 0.22 - 4],
        [x + w + 14, y],
        [x - 14, y],
      ])}" fill="${slab}"/>`,
    );
  };
  const lowX = cx - 300;
  box(lowX, gy - 130, 520, 130, 90);
  out.push(`<rect x="${n(lowX + 20)}" y="${gy - 112}" width="110" height="112" fill="${wood}"/>`);
  const slats: string[] = [];
  for (let x = lowX + 30; x < lowX + 130; x += 12)
    slats.push(`<line x1="${x}" y1="${gy - 112}" x2="${x}" y2="${gy}"/>`);
  out.push(`<g stroke="${darken(wood, 0.25)}" stroke-width="2">${slats.join('')}</g>`);
  out.push(windowPane(b, lowX + 150, gy - 108, 350, 104, { bars: false }));
  out.push(
    `<g stroke="${c.tone('#2e2e2e')}" stroke-width="4">${[1, 2, 3].map((i) => `<line x1="${lowX + 150 + i * 87.5}" y1="${gy - 108}" x2="${lowX + 150 + i * 87.5}" y2="${gy - 4}"/>`).join('')}</g>`,
  );
  const upX = cx - 200;
  box(upX, gy - 262, 330, 120, 70);
  out.push(windowPane(b, upX + 20, gy - 246, 200, 92, { bars: false }));
  out.push(
    `<line x1="${upX + 120}" y1="${gy - 246}" x2="${upX + 120}" y2="${gy - 154}" stroke="${c.tone('#2e2e2e')}" stroke-width="4"/>`,
  );
  out.push(`<rect x="${upX + 240}" y="${gy - 246}" width="70" height="92" fill="${wood}"/>`);
  out.push(
    `<line x1="${upX}" y1="${gy - 144}" x2="${upX + 330}" y2="${gy - 144}" stroke="${c.tone('#9aa3a8')}" stroke-width="3" stroke-opacity="0.8"/>`,
  );
  out.push(pool(b, cx - 330, gy + 24, 520, 52));
  return out.join('');
}

function farmhouseVilla(b: TBuild): string {
  const { c, gy } = b;
  const pal = { ...b.pal, wall: '#e3bd82', roof: '#b35a3c' };
  const main = gabled({ ...b, pal }, { w: 380, h: 190, d: 120, rise: 70, wall: pal.wall, roof: pal.roof });
  const out = [main.svg];
  const shutter = c.tone('#5f7f4f');
  for (const [x, y] of [
    [main.x0 + 40, main.top + 30],
    [main.x0 + 160, main.top + 30],
    [main.x0 + 280, main.top + 30],
    [main.x0 + 40, main.top + 115],
    [main.x0 + 280, main.top + 115],
  ] as const) {
    out.push(
      `<rect x="${x - 16}" y="${y}" width="14" height="58" fill="${shutter}"/><rect x="${x + 46}" y="${y}" width="14" height="58" fill="${shutter}"/>`,
    );
    out.push(windowPane({ ...b, pal }, x, y, 44, 58));
  }
  out.push(
    `<path d="M${main.x0 + 150},${gy - 10} v-60 a36,36 0 0 1 72,0 v60 Z" fill="${c.tone('#6b4630')}"/>`,
    `<path d="M${main.x0 + 144},${gy - 10} v-60 a42,42 0 0 1 84,0 v60" fill="none" stroke="${c.tone('#f1e3c8')}" stroke-width="6"/>`,
  );
  out.push(pool(b, main.x0 - 60, gy + 26, 420, 46));
  return out.join('');
}

function pool(b: TBuild, x: number, y: number, w: number, h: number): string {
  const { c } = b;
  const deck = c.tone('#e8e1d4');
  const waterTop = c.t.lit ? '#5fe3f0' : c.tone('#7fd8ea');
  const waterBottom = c.t.lit ? '#1f8fb4' : c.tone('#2aa3c9');
  const fill = linear(c, [waterTop, waterBottom]);
  const ripples: string[] = [];
  for (let i = 0; i < 6; i++) {
    const rx = x + 30 + c.r.float(0, w - 90);
    const ry = y + 10 + c.r.float(0, h - 20);
    ripples.push(`<path d="M${n(rx)},${n(ry)} q12,-5 24,0 t24,0" />`);
  }
  return (
    `<polygon points="${pts([
      [x - 20, y - 12],
      [x + w + 40, y - 12],
      [x + w + 60, y + h + 14],
      [x - 34, y + h + 14],
    ])}" fill="${deck}"/>` +
    `<polygon points="${pts([
      [x, y],
      [x + w + 20, y],
      [x + w + 34, y + h],
      [x - 12, y + h],
    ])}" fill="${fill}"/>` +
    `<g fill="none" stroke="#ffffff" stroke-width="2" stroke-opacity="0.55">${ripples.join('')}</g>` +
    lounger(c, x + w + 70, y + 20) +
    lounger(c, x + w + 120, y + 32)
  );
}

function lounger(c: TCtx, x: number, y: number): string {
  const fabric = c.tone('#f4f1ea');
  return `<polygon points="${pts([
    [x, y],
    [x + 40, y],
    [x + 54, y - 22],
    [x + 60, y - 20],
    [x + 48, y + 4],
    [x, y + 4],
  ])}" fill="${fabric}"/><g stroke="${c.tone('#555')}" stroke-width="3"><line x1="${x + 4}" y1="${y + 4}" x2="${x + 4}" y2="${y + 14}"/><line x1="${x + 44}" y1="${y + 4}" x2="${x + 44}" y2="${y + 14}"/></g>`;
}

function apartment(b: TBuild): string {
  const { c, cx, gy } = b;
  const floors = c.setting === 'city' ? 7 : 5;
  const fh = 62;
  const w = 440;
  const d = 80;
  const x0 = cx - w / 2 - 40;
  const top = gy - floors * fh - 40;
  const wall = c.tone(b.pal.wall);
  const side = darken(wall, 0.22);
  const out = [
    `<polygon points="${pts([
      [x0 + w, gy],
      [x0 + w + d, gy - 20],
      [x0 + w + d, top - 20],
      [x0 + w, top],
    ])}" fill="${side}"/>`,
    `<rect x="${x0}" y="${n(top)}" width="${w}" height="${n(gy - top)}" fill="${wall}"/>`,
    `<rect x="${x0 - 8}" y="${n(top - 12)}" width="${w + 16}" height="14" fill="${c.tone(darken(b.pal.roof, 0.1))}"/>`,
  ];
  const rail = c.tone(b.pal.trim);
  for (let f = 0; f < floors; f++) {
    const y = top + 22 + f * fh;
    for (let i = 0; i < 5; i++) out.push(windowPane(b, x0 + 24 + i * 84, y, 56, 40, { bars: false }));
    if (f > 0) {
      out.push(
        `<rect x="${x0 + 14}" y="${n(y + 40)}" width="${w - 28}" height="6" fill="${c.tone('#6e6a66')}"/>`,
      );
      out.push(
        `<rect x="${x0 + 14}" y="${n(y + 24)}" width="${w - 28}" height="16" fill="${rail}" fill-opacity="0.35"/>`,
      );
      out.push(
        `<line x1="${x0 + 14}" y1="${n(y + 24)}" x2="${x0 + w - 14}" y2="${n(y + 24)}" stroke="${rail}" stroke-width="3"/>`,
      );
    }
    for (let i = 0; i < 2; i++) {
      const sx = x0 + w + 16 + i * 34;
      const sy = y - 8 - i * 8;
      const lit = c.r.chance(0.6) && c.t.lit;
      out.push(
        `<polygon points="${pts([
          [sx, sy],
          [sx + 22, sy - 6],
          [sx + 22, sy + 30],
          [sx, sy + 36],
        ])}" fill="${lit ? '#f2c46e' : darken(side, 0.2)}"/>`,
      );
    }
  }
  const lobby = gy - 40;
  out.push(`<rect x="${x0}" y="${lobby - 6}" width="${w}" height="8" fill="${c.tone(b.pal.accent)}"/>`);
  out.push(
    windowPane(b, x0 + 30, lobby + 6, 150, 34, { bars: false, lit: c.t.lit }),
    windowPane(b, x0 + 260, lobby + 6, 150, 34, { bars: false, lit: c.t.lit }),
  );
  out.push(door(b, x0 + 200, gy, 40, 38));
  return out.join('');
}

function tiny(b: TBuild): string {
  const { c, cx, gy } = b;
  const w = 250;
  const h = 140;
  const d = 80;
  const x0 = cx - w / 2;
  const top = gy - h;
  const wall = c.tone(b.pal.wall);
  const side = darken(wall, 0.2);
  const roof = c.tone(b.pal.roof);
  const out = [
    `<polygon points="${pts([
      [x0 + w, gy],
      [x0 + w + d, gy - 16],
      [x0 + w + d, top - 60],
      [x0 + w, top - 40],
    ])}" fill="${side}"/>`,
    `<polygon points="${pts([
      [x0, gy],
      [x0, top],
      [x0 + w, top - 40],
      [x0 + w, gy],
    ])}" fill="${wall}"/>`,
    `<polygon points="${pts([
      [x0 - 16, top + 4],
      [x0 + w + 16, top - 46],
      [x0 + w + d + 16, top - 66],
      [x0 + w + d + 14, top - 58],
      [x0 + w + 12, top - 38],
      [x0 - 14, top + 12],
    ])}" fill="${roof}"/>`,
  ];
  const planks: string[] = [];
  for (let x = x0 + 14; x < x0 + w; x += 14)
    planks.push(`<line x1="${x}" y1="${gy}" x2="${x}" y2="${n(top - ((x - x0) / w) * 40 + 6)}"/>`);
  out.push(`<g stroke="${darken(wall, 0.18)}" stroke-width="1.5">${planks.join('')}</g>`);
  out.push(windowPane(b, x0 + 26, top + 18, 120, 80, { bars: false }));
  out.push(door(b, x0 + 176, gy - 6, 44, 94));
  const deck = c.tone('#8a6646');
  out.push(`<rect x="${x0 - 50}" y="${gy - 6}" width="${w + 130}" height="14" fill="${deck}"/>`);
  if (c.time !== 'day') {
    const bulbs: string[] = [];
    for (let i = 0; i <= 12; i++) {
      const t = i / 12;
      const x = x0 - 60 + t * (w + 120);
      const y = top - 10 + Math.sin(t * Math.PI) * 34 - t * 30;
      bulbs.push(`<circle cx="${n(x)}" cy="${n(y)}" r="4"/>`);
    }
    out.push(`<g fill="#ffe29a">${bulbs.join('')}</g>`);
  }
  return out.join('');
}

function igloo(b: TBuild): string {
  const { c, cx, gy } = b;
  const dome = (x: number, r: number) => {
    const clip = c.id('clip');
    c.defs.push(
      `<clipPath id="${clip}"><path d="M${x - r},${gy} A${r},${r} 0 0 1 ${x + r},${gy} Z"/></clipPath>`,
    );
    const inside = c.t.lit ? radial(c, '#ffcf7e', 1) : radial(c, '#e9f3fb', 1);
    const base = c.t.lit ? '#6a4a35' : c.tone('#8fb3cf');
    const lines: string[] = [];
    for (const k of [0.35, 0.7]) lines.push(`<ellipse cx="${x}" cy="${gy}" rx="${n(r * k)}" ry="${r}"/>`);
    lines.push(`<line x1="${x}" y1="${gy - r}" x2="${x}" y2="${gy}"/>`);
    for (const k of [0.3, 0.58, 0.82])
      lines.push(`<line x1="${x - r}" y1="${n(gy - r * k)}" x2="${x + r}" y2="${n(gy - r * k)}"/>`);
    return (
      (c.t.lit ? glow(c, x, gy - r * 0.4, r * 1.8) : '') +
      `<g clip-path="url(#${clip})"><rect x="${x - r}" y="${gy - r}" width="${2 * r}" height="${r}" fill="${base}"/><circle cx="${x}" cy="${n(gy - r * 0.25)}" r="${n(r * 1.05)}" fill="${inside}"/><g fill="none" stroke="${c.tone('#eef3f8')}" stroke-width="3" stroke-opacity="0.85">${lines.join('')}</g></g>` +
      `<path d="M${x - r},${gy} A${r},${r} 0 0 1 ${x + r},${gy}" fill="none" stroke="${c.tone('#dfe8f0')}" stroke-width="5"/>` +
      `<path d="M${x - r * 0.55},${n(gy - r * 0.55)} A${r * 0.8},${r * 0.8} 0 0 1 ${n(x + r * 0.1)},${n(gy - r * 0.92)}" fill="none" stroke="#ffffff" stroke-width="6" stroke-opacity="0.35"/>`
    );
  };
  const snow = c.tone('#f4f8fc');
  return `${dome(cx + 250, 80)}${dome(cx - 40, 130)}<ellipse cx="${cx - 40}" cy="${gy + 6}" rx="170" ry="18" fill="${snow}"/><ellipse cx="${cx + 250}" cy="${gy + 4}" rx="110" ry="12" fill="${snow}"/>`;
}

function treehouse(b: TBuild): string {
  const { c, cx, gy } = b;
  const bark = c.tone('#6a4a33');
  const platform = gy - 190;
  const out = [
    `<path d="M${cx - 26},${gy} C${cx - 14},${gy - 80} ${cx - 30},${platform + 20} ${cx - 16},${platform - 160} L${cx + 16},${platform - 160} C${cx + 28},${platform + 20} ${cx + 18},${gy - 80} ${cx + 30},${gy} Z" fill="${bark}"/>`,
    `<path d="M${cx + 10},${platform + 40} q60,-20 120,10" stroke="${bark}" stroke-width="14" fill="none"/>`,
  ];
  const deck = c.tone('#8a6646');
  out.push(`<rect x="${cx - 150}" y="${platform}" width="300" height="16" fill="${deck}"/>`);
  out.push(
    `<g stroke="${deck}" stroke-width="6"><line x1="${cx - 130}" y1="${platform + 16}" x2="${cx - 20}" y2="${platform + 100}"/><line x1="${cx + 130}" y1="${platform + 16}" x2="${cx + 20}" y2="${platform + 100}"/></g>`,
  );
  const cab = gabled(
    { ...b, cx: cx + 20, gy: platform },
    { w: 180, h: 100, d: 70, rise: 70, wall: b.pal.wall, roof: b.pal.roof, logs: true },
  );
  out.push(
    cab.svg,
    windowPane(b, cab.x0 + 20, cab.top + 24, 50, 44),
    door(b, cab.x0 + 110, platform - 8, 36, 66),
  );
  out.push(
    `<g stroke="${deck}" stroke-width="4"><line x1="${cx - 150}" y1="${platform - 34}" x2="${cx + 150}" y2="${platform - 34}"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<line x1="${cx - 150 + i * 50}" y1="${platform - 34}" x2="${cx - 150 + i * 50}" y2="${platform}"/>`).join('')}</g>`,
  );
  const ladder: string[] = [
    `<line x1="${cx - 90}" y1="${gy}" x2="${cx - 120}" y2="${platform + 16}"/><line x1="${cx - 62}" y1="${gy}" x2="${cx - 92}" y2="${platform + 16}"/>`,
  ];
  for (let i = 1; i < 8; i++) {
    const t = i / 8;
    ladder.push(
      `<line x1="${n(cx - 90 - 30 * t)}" y1="${n(gy - (gy - platform - 16) * t)}" x2="${n(cx - 62 - 30 * t)}" y2="${n(gy - (gy - platform - 16) * t)}"/>`,
    );
  }
  out.push(`<g stroke="${c.tone('#9a7652')}" stroke-width="5">${ladder.join('')}</g>`);
  return out.join('');
}

function houseboat(b: TBuild): string {
  const { c, cx, gy } = b;
  const hull = c.tone('#2f3d4a');
  const x0 = cx - 230;
  const boat =
    `<path d="M${x0},${gy - 30} L${x0 + 460},${gy - 30} L${x0 + 430},${gy + 16} L${x0 + 20},${gy + 16} Z" fill="${hull}"/>` +
    `<rect x="${x0}" y="${gy - 36}" width="460" height="8" fill="${c.tone('#c9b79a')}"/>`;
  const cab = gabled(
    { ...b, cx: cx + 10, gy: gy - 34 },
    { w: 300, h: 120, d: 70, rise: 40, wall: b.pal.wall, roof: b.pal.roof },
  );
  const body =
    boat +
    cab.svg +
    windowPane(b, cab.x0 + 24, cab.top + 26, 80, 56) +
    windowPane(b, cab.x0 + 130, cab.top + 26, 80, 56) +
    door(b, cab.x0 + 236, gy - 44, 40, 76);
  const mirror = c.id('boat');
  c.defs.push(`<g id="${mirror}">${body}</g>`);
  return `<use href="#${mirror}" transform="translate(0 ${2 * gy + 32}) scale(1 -1)" opacity="0.22"/><use href="#${mirror}"/>`;
}

function building(b: TBuild, kind: TBuilding): string {
  switch (kind) {
    case 'house':
      return house(b);
    case 'townhouse':
      return townhouses(b);
    case 'cabin':
      return cabin(b);
    case 'aframe':
      return aframe(b);
    case 'villa':
      return villa(b);
    case 'apartment':
      return apartment(b);
    case 'tiny':
      return tiny(b);
    case 'igloo':
      return igloo(b);
    case 'treehouse':
      return treehouse(b);
    case 'houseboat':
      return houseboat(b);
    case 'none':
      return '';
  }
}

// ---------------------------------------------------------------- settings

interface TLayers {
  back: string;
  front: string;
  gy: number;
}

function beach(c: TCtx, kind: TBuilding): TLayers {
  const horizon = 470;
  const shore = (x: number) => 600 + Math.sin(x / 260 + 1) * 22 + x * 0.03;
  const back = [
    `<path d="M-10,${horizon} L-10,${n(horizon - 60)} Q140,${horizon - 95} 300,${horizon - 20} L330,${horizon} Z" fill="${c.tone(mix('#4f6f5a', c.t.sky[2], 0.55), 0.6)}"/>`,
    c.r.chance(0.5)
      ? `<path d="M1210,${horizon} L1210,${horizon - 45} Q1060,${horizon - 70} 900,${horizon} Z" fill="${c.tone(mix('#5c7a62', c.t.sky[2], 0.5), 0.6)}"/>`
      : '',
    water(c, horizon, 700, '#1f77a8'),
  ];
  const sand: [number, number][] = [];
  for (let x = -10; x <= W + 10; x += 15) sand.push([x, shore(x)]);
  const sandFill = linear(c, [c.tone('#f1dcb0'), c.tone('#dcbf8a')]);
  back.push(
    `<polyline points="${pts(sand.map(([x, y]) => [x, y - 6]))}" fill="none" stroke="#ffffff" stroke-width="7" stroke-opacity="0.65"/>`,
    `<polygon points="${pts([...sand, [W + 10, H], [-10, H]])}" fill="${sandFill}"/>`,
    `<polyline points="${pts(sand.map(([x, y]) => [x, y + 5]))}" fill="none" stroke="${c.tone('#c9a877')}" stroke-width="9" stroke-opacity="0.45"/>`,
  );
  const front = [
    grassTufts(c, 700, 790, c.tone('#8a9a4e'), 26),
    palm(c, 70, H + 40, 480, 0.16),
    palm(c, 1150, H + 30, 430, -0.2),
  ];
  if (kind === 'none') {
    front.push(palm(c, 560, 640, 300, 0.12), umbrella(c, 820, 700));
  }
  return { back: back.join(''), front: front.join(''), gy: 650 };
}

function umbrella(c: TCtx, x: number, y: number): string {
  const a = c.tone('#e76f51');
  const b = c.tone('#fdf6e3');
  return `<line x1="${x}" y1="${y}" x2="${x - 10}" y2="${y - 120}" stroke="${c.tone('#6b5a4a')}" stroke-width="5"/><path d="M${x - 90},${y - 104} Q${x - 10},${y - 170} ${x + 70},${y - 124} Z" fill="${a}"/><path d="M${x - 38},${y - 114} Q${x - 10},${y - 168} ${x + 22},${y - 119} Z" fill="${b}"/><rect x="${x - 70}" y="${y - 4}" width="110" height="14" rx="4" fill="${c.tone('#3d8fb0')}"/>`;
}

function mountain(c: TCtx, snowy: boolean): TLayers {
  const ground = snowy ? '#f2f6fb' : '#6f9a55';
  const snowCap = snowy ? c.tone('#f4f8fc') : undefined;
  const forest = c.tone(snowy ? '#2f4a3f' : '#2f5a3a', 0.9);
  const ridge = hillProfile(c, 560, 40);
  const back = [
    range(c, { base: 520, peaks: 5, minH: 180, maxH: 320, color: '#6d7f99', haze: 0.42, snow: 0.55 }),
    range(c, {
      base: 560,
      peaks: 4,
      minH: 110,
      maxH: 220,
      color: snowy ? '#596b7d' : '#4f6a5e',
      haze: 0.25,
      snow: snowy ? 0.55 : undefined,
    }),
    treeLine(c, ridge, forest, 24, 52, snowCap),
    hills(c, (x) => ridge(x) + 18 + Math.sin(x / 90) * 6, c.tone(snowy ? '#e6eef6' : '#5e8a48')),
  ];
  const meadow = linear(c, [c.tone(ground), c.tone(darken(ground, 0.12))]);
  back.push(`<path d="M-10,640 Q300,610 600,630 T1210,620 L1210,810 L-10,810 Z" fill="${meadow}"/>`);
  const front = [
    pine(90, H + 30, 470, c.tone(snowy ? '#24423a' : '#244a33'), snowCap),
    pine(1110, H + 20, 420, c.tone(snowy ? '#2a4a40' : '#2a5238'), snowCap),
    pine(1010, H - 20, 260, c.tone(snowy ? '#2f5046' : '#30603f'), snowCap),
  ];
  if (snowy) {
    front.push(
      `<path d="M-10,760 Q200,720 420,750 T900,740 T1210,730 L1210,810 L-10,810 Z" fill="${c.tone('#ffffff')}" fill-opacity="0.9"/>`,
    );
  } else {
    const flowers: string[] = [];
    for (let i = 0; i < 60; i++) {
      flowers.push(
        `<circle cx="${n(c.r.float(0, W))}" cy="${n(c.r.float(680, 790))}" r="${n(c.r.float(2, 4.5))}" fill="${c.tone(c.r.pick(['#f4d35e', '#ffffff', '#c77dff', '#ee6c4d']))}"/>`,
      );
    }
    front.push(grassTufts(c, 670, 790, c.tone('#4d7a3a'), 40), flowers.join(''));
  }
  return { back: back.join(''), front: front.join(''), gy: 650 };
}

function skyline(c: TCtx, base: number, color: string, minH: number, maxH: number, windows: boolean): string {
  const out: string[] = [];
  const lights: string[] = [];
  let x = -20;
  while (x < W + 20) {
    const w = c.r.float(40, 95);
    const h = c.r.float(minH, maxH);
    out.push(`<rect x="${n(x)}" y="${n(base - h)}" width="${n(w)}" height="${n(h + 2)}"/>`);
    if (c.r.chance(0.2))
      out.push(`<rect x="${n(x + w / 2 - 2)}" y="${n(base - h - 30)}" width="4" height="30"/>`);
    if (windows && c.t.lit) {
      for (let wy = base - h + 10; wy < base - 10; wy += 14) {
        for (let wx = x + 6; wx < x + w - 8; wx += 12)
          if (c.r.chance(0.35)) lights.push(`<rect x="${n(wx)}" y="${n(wy)}" width="5" height="7"/>`);
      }
    }
    x += w + c.r.float(-10, 4);
  }
  return `<g fill="${color}">${out.join('')}</g>${lights.length ? `<g fill="#ffd98a" fill-opacity="0.85">${lights.join('')}</g>` : ''}`;
}

function city(c: TCtx): TLayers {
  const gy = 660;
  const back = [
    skyline(c, 560, c.tone(mix('#6f7f96', c.t.sky[2], 0.5), 0.7), 120, 300, false),
    skyline(c, 590, c.tone(mix('#4a586c', c.t.sky[2], 0.2), 0.9), 80, 220, true),
    `<rect x="0" y="580" width="${W}" height="${gy - 580}" fill="${c.tone('#6d7a6a')}"/>`,
  ];
  const trees: string[] = [];
  for (let x = -20; x < W; x += c.r.float(60, 110))
    trees.push(roundTree(c, x, 600, c.r.float(60, 90), c.tone('#4f7a45')));
  back.push(trees.join(''));
  const walk = c.tone('#b9b4ab');
  const road = c.tone('#3e4145');
  const lamps: string[] = [];
  for (const x of [120, 1080]) {
    lamps.push(
      `<rect x="${x - 4}" y="${gy - 150}" width="8" height="170" fill="${c.tone('#2b2d30')}"/><path d="M${x},${gy - 150} q0,-20 30,-20" stroke="${c.tone('#2b2d30')}" stroke-width="6" fill="none"/><ellipse cx="${x + 34}" cy="${gy - 166}" rx="14" ry="7" fill="${c.t.lit ? '#ffe4a3' : c.tone('#2b2d30')}"/>`,
    );
    if (c.t.lit) lamps.push(glow(c, x + 34, gy - 160, 90));
  }
  const front = [
    `<rect x="0" y="${gy}" width="${W}" height="46" fill="${walk}"/>`,
    `<rect x="0" y="${gy + 46}" width="${W}" height="8" fill="${darken(walk, 0.2)}"/>`,
    `<rect x="0" y="${gy + 54}" width="${W}" height="${H - gy - 54}" fill="${road}"/>`,
    `<g stroke="${c.tone('#e8e2cf')}" stroke-width="6">${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="${i * 220 + 20}" y1="${gy + 110}" x2="${i * 220 + 130}" y2="${gy + 110}"/>`).join('')}</g>`,
    `<g stroke="${darken(walk, 0.12)}" stroke-width="2">${Array.from({ length: 14 }, (_, i) => `<line x1="${i * 90}" y1="${gy}" x2="${i * 90 - 16}" y2="${gy + 46}"/>`).join('')}</g>`,
    lamps.join(''),
    roundTree(c, 1170, gy + 30, 300, c.tone('#3f6e3a')),
    roundTree(c, 20, gy + 40, 260, c.tone('#467a3e')),
  ];
  return { back: back.join(''), front: front.join(''), gy };
}

function countryside(c: TCtx): TLayers {
  const horizon = 470;
  const far = hillProfile(c, horizon, 60);
  const mid = hillProfile(c, 540, 50);
  const back = [
    hills(c, far, c.tone(mix('#7d9a6a', c.t.sky[2], 0.5), 0.6)),
    hills(c, mid, c.tone('#9cb45f')),
  ];
  const trees: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = c.r.float(0, W);
    trees.push(cypress(x, mid(x) + 4, c.r.float(40, 80), c.tone('#2f5a34')));
  }
  back.push(trees.join(''));
  const near = (x: number) => 630 + Math.sin(x / 300) * 14;
  back.push(hills(c, near, linear(c, [c.tone('#a9bf5f'), c.tone('#7f9c45')])));
  const rows: string[] = [];
  for (let i = 0; i < 11; i++) {
    const x = -300 + i * 170;
    rows.push(`<line x1="${600 + (x - 600) * 0.18}" y1="650" x2="${x}" y2="${H}"/>`);
  }
  back.push(
    `<g stroke="${c.tone('#55702f')}" stroke-width="10" stroke-dasharray="14 8" stroke-opacity="0.8">${rows.join('')}</g>`,
    `<polygon points="${pts([
      [560, 660],
      [640, 660],
      [760, H],
      [440, H],
    ])}" fill="${c.tone('#d9c49a')}"/>`,
  );
  const front = [
    cypress(70, H + 20, 420, c.tone('#27502e')),
    cypress(150, H - 30, 300, c.tone('#2e5a33')),
    cypress(1120, H + 10, 380, c.tone('#27502e')),
  ];
  return { back: back.join(''), front: front.join(''), gy: 655 };
}

function lake(c: TCtx, kind: TBuilding): TLayers {
  const horizon = 470;
  const shore = hillProfile(c, horizon, 20);
  const farId = c.id('far');
  const far =
    range(c, {
      base: horizon,
      peaks: 4,
      minH: 80,
      maxH: 200,
      color: '#5a6e80',
      haze: 0.45,
      snow: c.r.chance(0.5) ? 0.6 : undefined,
    }) + treeLine(c, shore, c.tone('#2c4f3a', 0.9), 18, 40);
  const clip = c.id('clip');
  c.defs.push(
    `<g id="${farId}">${far}</g>`,
    `<clipPath id="${clip}"><rect x="0" y="${horizon}" width="${W}" height="${H - horizon}"/></clipPath>`,
  );
  const back = [
    `<use href="#${farId}"/>`,
    water(c, horizon, H, '#245a7a'),
    `<g clip-path="url(#${clip})" opacity="0.35"><use href="#${farId}" transform="translate(0 ${2 * horizon + 6}) scale(1 -1)"/></g>`,
  ];
  const front: string[] = [];
  if (kind === 'houseboat') {
    back.push(canoe(c, 860, 700));
    front.push(
      `<path d="M-10,720 Q120,690 260,740 L270,810 L-10,810 Z" fill="${c.tone('#4d6e3e')}"/>`,
      pine(60, H + 10, 360, c.tone('#244a33')),
    );
    return { back: back.join(''), front: front.join(''), gy: 640 };
  }
  const bank = linear(c, [c.tone('#6f9a55'), c.tone('#4f7a3e')]);
  back.push(`<path d="M-10,600 Q300,585 620,615 T1210,600 L1210,810 L-10,810 Z" fill="${bank}"/>`);
  back.push(
    `<path d="M-10,600 Q300,585 620,615 T1210,600" fill="none" stroke="${c.tone('#cdbf9a')}" stroke-width="8"/>`,
  );
  const dock = c.tone('#8a6646');
  const planks = [0.25, 0.5, 0.75].map(
    (k) =>
      `<line x1="${n(870 + 35 * k)}" y1="${n(615 - 75 * k)}" x2="${n(950 - 15 * k)}" y2="${n(615 - 75 * k)}"/>`,
  );
  back.push(
    `<polygon points="${pts([
      [870, 615],
      [950, 615],
      [935, 540],
      [905, 540],
    ])}" fill="${dock}"/>`,
    `<g stroke="${darken(dock, 0.25)}" stroke-width="2">${planks.join('')}</g>`,
    `<g fill="${darken(dock, 0.35)}"><rect x="904" y="524" width="6" height="18"/><rect x="930" y="524" width="6" height="18"/></g>`,
  );
  front.push(
    canoe(c, 1040, 580),
    grassTufts(c, 660, 790, c.tone('#3f6a32'), 36),
    pine(80, H + 20, 440, c.tone('#244a33')),
    pine(1130, H + 30, 400, c.tone('#2a5238')),
  );
  return { back: back.join(''), front: front.join(''), gy: 640 };
}

function canoe(c: TCtx, x: number, y: number): string {
  return `<path d="M${x - 70},${y - 8} Q${x},${y + 14} ${x + 70},${y - 8} Q${x},${y + 2} ${x - 70},${y - 8} Z" fill="${c.tone('#d9572b')}"/>`;
}

function desert(c: TCtx): TLayers {
  const horizon = 520;
  const rock = '#b5583a';
  const butte = (x: number, w: number, h: number, color: string) =>
    `<path d="M${x - w / 2 - 40},${horizon} L${x - w / 2},${horizon - h * 0.35} L${x - w / 2 + 10},${horizon - h} L${x + w / 2 - 14},${horizon - h} L${x + w / 2},${horizon - h * 0.4} L${x + w / 2 + 50},${horizon} Z" fill="${color}"/>` +
    `<path d="M${x + w / 2 - 14},${horizon - h} L${x + w / 2},${horizon - h * 0.4} L${x + w / 2 + 50},${horizon} L${x + w / 2 - 30},${horizon} Z" fill="${darken(color, 0.2)}"/>` +
    `<g stroke="${darken(color, 0.15)}" stroke-width="3" stroke-opacity="0.6"><line x1="${x - w / 2 + 4}" y1="${horizon - h * 0.7}" x2="${x + w / 2 - 8}" y2="${horizon - h * 0.7}"/><line x1="${x - w / 2 - 4}" y1="${horizon - h * 0.45}" x2="${x + w / 2 + 4}" y2="${horizon - h * 0.45}"/></g>`;
  const back = [
    range(c, { base: horizon, peaks: 4, minH: 60, maxH: 140, color: '#a46a5a', haze: 0.5 }),
    butte(c.r.float(150, 330), c.r.float(200, 300), c.r.float(130, 200), c.tone(rock)),
    butte(c.r.float(820, 1050), c.r.float(240, 340), c.r.float(100, 160), c.tone(darken(rock, 0.05))),
  ];
  const floor = linear(c, [c.tone('#d9a06a'), c.tone('#c27f4d')]);
  back.push(`<rect x="0" y="${horizon - 2}" width="${W}" height="${H - horizon + 2}" fill="${floor}"/>`);
  const shrubs: string[] = [];
  for (let i = 0; i < 26; i++) {
    const x = c.r.float(0, W);
    const y = c.r.float(horizon + 10, H);
    const s = 0.4 + ((y - horizon) / (H - horizon)) * 1.4;
    shrubs.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(16 * s)}" ry="${n(9 * s)}" fill="${c.tone(c.r.pick(['#7c8a4a', '#6d7a45', '#8f9a5a']))}"/>`,
    );
  }
  back.push(shrubs.join(''));
  const front = [
    cactus(110, H - 20, 320, c.tone('#4d7a45')),
    cactus(1080, H - 40, 250, c.tone('#557f48')),
    `<ellipse cx="980" cy="${H - 30}" rx="60" ry="24" fill="${c.tone('#9a6a4f')}"/><ellipse cx="240" cy="${H - 14}" rx="44" ry="18" fill="${c.tone('#8d5f47')}"/>`,
  ];
  return { back: back.join(''), front: front.join(''), gy: 660 };
}

function outdoor(scene: Extract<TScene, { kind: 'outdoor' }>): string {
  const c = context(scene.seed, scene.time, scene.setting);
  const horizon =
    scene.setting === 'beach' || scene.setting === 'lake' || scene.setting === 'countryside' ? 470 : 560;
  const layers =
    scene.setting === 'beach'
      ? beach(c, scene.building)
      : scene.setting === 'mountain' || scene.setting === 'snow'
        ? mountain(c, scene.setting === 'snow')
        : scene.setting === 'city'
          ? city(c)
          : scene.setting === 'countryside'
            ? countryside(c)
            : scene.setting === 'lake'
              ? lake(c, scene.building)
              : desert(c);
  // The building draws from its own PRNG, so one seed gives the same house at every time of day.
  const own = { ...c, r: createRandom(scene.seed ^ 0x5bd1e995) };
  const pal = own.r.pick(PALETTES[scene.setting]);
  const cx = 600 + own.r.float(-60, 60);
  const mirrored = own.r.chance(0.5);
  const drawn = building({ c: own, cx, gy: layers.gy, pal }, scene.building);
  const body = mirrored ? `<g transform="translate(${n(2 * cx)} 0) scale(-1 1)">${drawn}</g>` : drawn;
  const extras =
    scene.building === 'treehouse'
      ? pine(cx + 300, layers.gy + 20, 420, c.tone('#2a5238')) +
        pine(cx - 330, layers.gy + 40, 380, c.tone('#244a33'))
      : '';
  const light =
    c.time === 'golden'
      ? `<rect width="${W}" height="${H}" fill="${linear(c, ['#ffb15e', '#ffb15e'], [0.2, 0.04])}"/>`
      : '';
  const content = sky(c, horizon) + layers.back + body + extras + layers.front + light + vignette(c);
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${c.defs.join('')}</defs>${content}</svg>`;
}

/**
 * Darkened edges, like a lens. Four linear bands rather than one radial gradient: cairo renders a
 * full-frame radial gradient about fifteen times slower, and this runs for every demo photo.
 */
function vignette(c: TCtx): string {
  const band = (x1: number, y1: number, x2: number, y2: number) =>
    gradient(
      c,
      (id) =>
        `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    );
  return (
    `<rect width="${W}" height="170" fill="${band(0, 0, 0, 1)}"/>` +
    `<rect y="${H - 170}" width="${W}" height="170" fill="${band(0, 1, 0, 0)}"/>` +
    `<rect width="240" height="${H}" fill="${band(0, 0, 1, 0)}"/>` +
    `<rect x="${W - 240}" width="240" height="${H}" fill="${band(1, 0, 0, 0)}"/>`
  );
}

// ---------------------------------------------------------------- interiors

interface TRoomStyle {
  wall: string;
  floor: string;
  accent: string;
  fabric: string;
  wood: string;
  metal: string;
}

const ROOM_STYLES: Record<TInteriorStyle, TRoomStyle> = {
  nordic: {
    wall: '#eeebe5',
    floor: '#d2b48c',
    accent: '#8aa68a',
    fabric: '#d8d3ca',
    wood: '#c49a6c',
    metal: '#2f2f2f',
  },
  coastal: {
    wall: '#e3eef3',
    floor: '#e0ccaa',
    accent: '#2f6690',
    fabric: '#f4f1ea',
    wood: '#b9936a',
    metal: '#c9a45c',
  },
  warm: {
    wall: '#e8cdb3',
    floor: '#9a6542',
    accent: '#c4643b',
    fabric: '#e9dcc6',
    wood: '#7a4a2c',
    metal: '#3a3430',
  },
  moody: {
    wall: '#2f4a44',
    floor: '#5c4030',
    accent: '#d4a14a',
    fabric: '#b8a48c',
    wood: '#4a3324',
    metal: '#c9a45c',
  },
};

function roomShell(c: TCtx, s: TRoomStyle, view: TSetting, winX: number, winW: number): string {
  const floorY = 560;
  const out = [
    `<rect width="${W}" height="${floorY}" fill="${linear(c, [lighten(s.wall, 0.08), darken(s.wall, 0.06)])}"/>`,
    `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${linear(c, [darken(s.floor, 0.08), s.floor])}"/>`,
  ];
  const planks: string[] = [];
  for (let i = -12; i <= 24; i++) {
    const xb = i * 70;
    planks.push(`<line x1="${n(600 + (xb - 600) * 0.55)}" y1="${floorY}" x2="${xb}" y2="${H}"/>`);
  }
  out.push(
    `<g stroke="${darken(s.floor, 0.18)}" stroke-width="2" stroke-opacity="0.6">${planks.join('')}</g>`,
  );
  out.push(`<rect y="${floorY - 14}" width="${W}" height="14" fill="${lighten(s.wall, 0.3)}"/>`);
  out.push(windowView(c, view, winX, 90, winW, 360, s));
  return out.join('');
}

/** A window onto a small landscape, so rooms echo the listing's setting. */
function windowView(
  c: TCtx,
  view: TSetting,
  x: number,
  y: number,
  w: number,
  h: number,
  s: TRoomStyle,
): string {
  const clip = c.id('win');
  c.defs.push(`<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`);
  const skyFill = linear(c, ['#6faee0', '#bfe0f4']);
  const hy = y + h * 0.62;
  let land: string;
  switch (view) {
    case 'beach':
      land = `<rect x="${x}" y="${hy}" width="${w}" height="${h}" fill="${linear(c, ['#7cc4e0', '#2f86b6'])}"/><path d="M${x},${y + h * 0.9} Q${x + w / 2},${y + h * 0.8} ${x + w},${y + h * 0.88} L${x + w},${y + h} L${x},${y + h} Z" fill="#ecd7a8"/>`;
      break;
    case 'city':
      land = Array.from({ length: Math.ceil(w / 40) }, (_, i) => {
        const bh = c.r.float(h * 0.25, h * 0.6);
        return `<rect x="${x + i * 40}" y="${n(y + h - bh)}" width="36" height="${n(bh)}" fill="${c.r.pick(['#8a9bb0', '#a5b3c4', '#76869b'])}"/>`;
      }).join('');
      break;
    case 'desert':
      land = `<path d="M${x},${hy} L${x + w * 0.2},${hy - h * 0.2} L${x + w * 0.45},${hy - h * 0.2} L${x + w * 0.55},${hy} Z" fill="#c0664a"/><rect x="${x}" y="${hy}" width="${w}" height="${h}" fill="#d9a06a"/>`;
      break;
    case 'snow':
    case 'mountain':
      land = `<polygon points="${pts([
        [x, hy],
        [x + w * 0.3, y + h * 0.25],
        [x + w * 0.55, hy - 20],
        [x + w * 0.8, y + h * 0.32],
        [x + w, hy],
      ])}" fill="#7f93aa"/><polygon points="${pts([
        [x + w * 0.22, y + h * 0.38],
        [x + w * 0.3, y + h * 0.25],
        [x + w * 0.38, y + h * 0.38],
      ])}" fill="#ffffff"/><rect x="${x}" y="${hy}" width="${w}" height="${h}" fill="${view === 'snow' ? '#eef3f8' : '#6f9a55'}"/>${[0.1, 0.25, 0.7, 0.88].map((k) => pine(x + w * k, y + h + 4, h * 0.45, '#2f5a3a', view === 'snow' ? '#ffffff' : undefined)).join('')}`;
      break;
    case 'lake':
      land = `<path d="M${x},${hy} Q${x + w * 0.3},${hy - 50} ${x + w * 0.6},${hy - 10} T${x + w},${hy - 20} L${x + w},${hy} Z" fill="#4f6e5a"/><rect x="${x}" y="${hy}" width="${w}" height="${h}" fill="${linear(c, ['#8fc1dc', '#3e7fa6'])}"/>`;
      break;
    case 'countryside':
      land = `<path d="M${x},${hy} Q${x + w * 0.4},${hy - 40} ${x + w},${hy - 10} L${x + w},${y + h} L${x},${y + h} Z" fill="#9cb45f"/>${[0.2, 0.7, 0.8].map((k) => cypress(x + w * k, hy + 10, 70, '#2f5a34')).join('')}`;
      break;
  }
  const frame = s.wall === ROOM_STYLES.moody.wall ? '#1f2a28' : '#ffffff';
  const curtain = lighten(s.fabric, 0.1);
  return (
    `<g clip-path="url(#${clip})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${skyFill}"/><g fill="#ffffff">${cloud(x + w * 0.3, y + h * 0.2, 0.5)}</g>${land}</g>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${frame}" stroke-width="14"/>` +
    `<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="${frame}" stroke-width="8"/>` +
    `<rect x="${x - 20}" y="${y + h + 6}" width="${w + 40}" height="12" fill="${lighten(s.wall, 0.25)}"/>` +
    `<path d="M${x - 60},${y - 30} L${x + 30},${y - 30} Q${x + 10},${y + h * 0.5} ${x + 36},${y + h + 40} L${x - 60},${y + h + 40} Z" fill="${curtain}" fill-opacity="0.95"/>` +
    `<path d="M${x + w + 60},${y - 30} L${x + w - 30},${y - 30} Q${x + w - 10},${y + h * 0.5} ${x + w - 36},${y + h + 40} L${x + w + 60},${y + h + 40} Z" fill="${curtain}" fill-opacity="0.95"/>` +
    `<rect x="${x - 80}" y="${y - 38}" width="${w + 160}" height="8" rx="4" fill="${s.metal}"/>`
  );
}

function plant(x: number, base: number, h: number, leaf: string, pot: string): string {
  const leaves: string[] = [];
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (i - 4) * 0.32;
    const len = h * (0.55 + (i % 3) * 0.15);
    const tx = x + Math.cos(a) * len;
    const ty = base - h * 0.3 + Math.sin(a) * len;
    leaves.push(
      `<path d="M${n(x)},${n(base - h * 0.3)} Q${n(tx + 20)},${n((ty + base - h * 0.3) / 2)} ${n(tx)},${n(ty)} Q${n(tx - 20)},${n((ty + base - h * 0.3) / 2)} ${n(x)},${n(base - h * 0.3)} Z" fill="${i % 2 ? leaf : darken(leaf, 0.15)}"/>`,
    );
  }
  return `${leaves.join('')}<path d="M${n(x - h * 0.2)},${n(base - h * 0.32)} L${n(x + h * 0.2)},${n(base - h * 0.32)} L${n(x + h * 0.15)},${n(base)} L${n(x - h * 0.15)},${n(base)} Z" fill="${pot}"/>`;
}

function artwork(c: TCtx, x: number, y: number, w: number, h: number, s: TRoomStyle): string {
  const shapes = [
    `<circle cx="${x + w * 0.35}" cy="${y + h * 0.4}" r="${w * 0.22}" fill="${s.accent}"/>`,
    `<rect x="${x + w * 0.45}" y="${y + h * 0.45}" width="${w * 0.4}" height="${h * 0.4}" fill="${darken(s.wall, 0.3)}"/>`,
    `<path d="M${x},${y + h * 0.8} Q${x + w / 2},${y + h * 0.5} ${x + w},${y + h * 0.75} L${x + w},${y + h} L${x},${y + h} Z" fill="${lighten(s.accent, 0.35)}"/>`,
  ];
  return `<rect x="${x - 8}" y="${y - 8}" width="${w + 16}" height="${h + 16}" fill="${s.metal}"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f7f3ea"/>${c.r.shuffle(shapes).slice(0, 2).join('')}`;
}

function pendant(x: number, y: number, s: TRoomStyle, on: boolean): string {
  return `<line x1="${x}" y1="0" x2="${x}" y2="${y}" stroke="${s.metal}" stroke-width="2"/><path d="M${x - 34},${y + 34} Q${x},${y - 14} ${x + 34},${y + 34} Z" fill="${s.metal}"/>${on ? `<ellipse cx="${x}" cy="${y + 36}" rx="20" ry="6" fill="#fff2c6"/>` : ''}`;
}

function livingRoom(c: TCtx, s: TRoomStyle, view: TSetting): string {
  const out = [roomShell(c, s, view, 680, 380)];
  out.push(
    `<ellipse cx="520" cy="700" rx="420" ry="70" fill="${lighten(s.accent, 0.45)}" fill-opacity="0.85"/>`,
  );
  out.push(artwork(c, 190, 170, 180, 130, s), artwork(c, 400, 200, 110, 100, s));
  const sofa = s.fabric;
  const dark = darken(sofa, 0.15);
  out.push(
    `<rect x="130" y="440" width="520" height="130" rx="26" fill="${dark}"/>`,
    `<rect x="160" y="470" width="230" height="70" rx="14" fill="${sofa}"/><rect x="400" y="470" width="230" height="70" rx="14" fill="${sofa}"/>`,
    `<rect x="110" y="500" width="560" height="100" rx="24" fill="${darken(sofa, 0.05)}"/>`,
    `<rect x="90" y="470" width="60" height="130" rx="22" fill="${dark}"/><rect x="630" y="470" width="60" height="130" rx="22" fill="${dark}"/>`,
    `<rect x="200" y="440" width="90" height="70" rx="16" fill="${s.accent}" transform="rotate(-8 245 475)"/><rect x="500" y="440" width="90" height="70" rx="16" fill="${lighten(s.accent, 0.3)}" transform="rotate(7 545 475)"/>`,
    `<g fill="${s.metal}"><rect x="140" y="600" width="10" height="24"/><rect x="630" y="600" width="10" height="24"/></g>`,
  );
  out.push(
    `<ellipse cx="420" cy="672" rx="170" ry="26" fill="${darken(s.wood, 0.2)}"/><ellipse cx="420" cy="664" rx="170" ry="26" fill="${s.wood}"/>`,
    `<rect x="410" y="676" width="20" height="44" fill="${darken(s.wood, 0.3)}"/>`,
    `<circle cx="380" cy="650" r="16" fill="${lighten(s.accent, 0.2)}"/><rect x="440" y="640" width="60" height="14" fill="${darken(s.wall, 0.35)}"/>`,
  );
  out.push(
    `<line x1="1110" y1="300" x2="1110" y2="600" stroke="${s.metal}" stroke-width="6"/><path d="M1060,300 L1160,300 L1140,230 L1080,230 Z" fill="${lighten(s.fabric, 0.2)}"/><rect x="1080" y="596" width="60" height="10" fill="${s.metal}"/>`,
    plant(60, 600, 240, '#4f8a4a', darken(s.wall, 0.25)),
    pendant(420, 120, s, true),
  );
  return out.join('');
}

function bedroom(c: TCtx, s: TRoomStyle, view: TSetting): string {
  const out = [roomShell(c, s, view, 80, 300)];
  const head = darken(s.wood, 0.05);
  out.push(
    artwork(c, 640, 170, 260, 150, s),
    `<rect x="520" y="350" width="500" height="200" rx="18" fill="${head}"/>`,
    `<rect x="500" y="500" width="540" height="150" rx="14" fill="${lighten(s.fabric, 0.4)}"/>`,
    `<rect x="560" y="450" width="190" height="80" rx="30" fill="#ffffff"/><rect x="790" y="450" width="190" height="80" rx="30" fill="#ffffff"/>`,
    `<rect x="600" y="480" width="150" height="60" rx="20" fill="${s.accent}" fill-opacity="0.9"/>`,
    `<path d="M490,560 L1050,560 L1070,690 L470,690 Z" fill="${s.fabric}"/><path d="M490,560 L1050,560 L1054,590 L486,590 Z" fill="${lighten(s.fabric, 0.25)}"/>`,
    `<rect x="480" y="686" width="580" height="14" fill="${darken(s.wood, 0.3)}"/>`,
    `<path d="M900,560 L1050,560 L1070,690 L930,690 Z" fill="${s.accent}" fill-opacity="0.7"/>`,
  );
  for (const x of [420, 1070]) {
    out.push(
      `<rect x="${x - 40}" y="520" width="90" height="110" fill="${s.wood}"/><line x1="${x - 40}" y1="575" x2="${x + 50}" y2="575" stroke="${darken(s.wood, 0.25)}" stroke-width="3"/>`,
      `<rect x="${x}" y="470" width="8" height="50" fill="${s.metal}"/><path d="M${x - 26},470 L${x + 34},470 L${x + 22},420 L${x - 14},420 Z" fill="${lighten(s.fabric, 0.35)}"/>`,
      `<circle cx="${x + 4}" cy="455" r="70" fill="${radial(c, '#ffd98a', 0.35)}"/>`,
    );
  }
  out.push(
    `<ellipse cx="760" cy="740" rx="360" ry="40" fill="${lighten(s.accent, 0.5)}" fill-opacity="0.7"/>`,
  );
  return out.join('');
}

function kitchen(c: TCtx, s: TRoomStyle, view: TSetting): string {
  const out = [roomShell(c, s, view, 460, 280)];
  const cab = s === ROOM_STYLES.moody ? s.wall : lighten(s.accent, 0.25);
  const counter = lighten(s.fabric, 0.45);
  const tiles: string[] = [];
  for (let y = 330; y < 430; y += 20)
    for (let x = 0; x < W; x += 40)
      tiles.push(`<rect x="${x + ((y / 20) % 2) * 20}" y="${y}" width="38" height="18"/>`);
  out.push(
    `<g fill="${lighten(s.wall, 0.35)}" stroke="${darken(s.wall, 0.08)}" stroke-width="1">${tiles.join('')}</g>`,
  );
  for (const [x0, x1] of [
    [20, 400],
    [800, 1180],
  ] as const) {
    for (let x = x0; x < x1; x += 95) {
      out.push(
        `<rect x="${x}" y="90" width="90" height="180" fill="${cab}"/><rect x="${x + 78}" y="200" width="5" height="40" fill="${s.metal}"/>`,
      );
    }
  }
  out.push(
    `<rect x="0" y="430" width="${W}" height="130" fill="${darken(cab, 0.08)}"/><rect x="0" y="420" width="${W}" height="16" fill="${counter}"/>`,
  );
  for (let x = 10; x < W; x += 120)
    out.push(
      `<rect x="${x}" y="448" width="110" height="100" fill="none" stroke="${darken(cab, 0.2)}" stroke-width="2"/><rect x="${x + 45}" y="456" width="20" height="5" fill="${s.metal}"/>`,
    );
  out.push(
    `<path d="M590,420 v-46 q0,-20 24,-20 h16" fill="none" stroke="${s.metal}" stroke-width="7"/>`,
    plant(420, 420, 90, '#4f8a4a', '#d9d2c4'),
    `<g><ellipse cx="860" cy="410" rx="50" ry="12" fill="${lighten(s.wood, 0.2)}"/><circle cx="840" cy="398" r="12" fill="#e76f51"/><circle cx="862" cy="394" r="13" fill="#f4a261"/><circle cx="882" cy="400" r="11" fill="#8ab17d"/></g>`,
  );
  out.push(
    `<rect x="250" y="560" width="700" height="130" fill="${darken(s.wood, 0.05)}"/><rect x="230" y="540" width="740" height="28" fill="${counter}"/>`,
    `<g stroke="${darken(s.wood, 0.25)}" stroke-width="2">${[1, 2, 3, 4, 5].map((i) => `<line x1="${250 + i * 116}" y1="568" x2="${250 + i * 116}" y2="690"/>`).join('')}</g>`,
  );
  for (const x of [330, 520, 710, 880]) {
    out.push(
      `<rect x="${x - 32}" y="600" width="64" height="16" rx="8" fill="${s.metal}"/><g stroke="${s.metal}" stroke-width="5"><line x1="${x - 24}" y1="616" x2="${x - 30}" y2="740"/><line x1="${x + 24}" y1="616" x2="${x + 30}" y2="740"/></g>`,
    );
  }
  out.push(pendant(400, 240, s, true), pendant(600, 240, s, true), pendant(800, 240, s, true));
  return out.join('');
}

function indoor(scene: Extract<TScene, { kind: 'indoor' }>): string {
  const c = context(scene.seed, 'day', scene.view);
  const s = ROOM_STYLES[scene.style];
  const room =
    scene.room === 'living'
      ? livingRoom(c, s, scene.view)
      : scene.room === 'bedroom'
        ? bedroom(c, s, scene.view)
        : kitchen(c, s, scene.view);
  const warmth = `<rect width="${W}" height="${H}" fill="${linear(c, ['#ffe2b0', '#ffe2b0'], [0.16, 0])}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${c.defs.join('')}</defs>${room}${warmth}${vignette(c)}</svg>`;
}

export function sceneSvg(scene: TScene): string {
  return scene.kind === 'outdoor' ? outdoor(scene) : indoor(scene);
}
