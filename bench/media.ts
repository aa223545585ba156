/**
 * Media pipeline benchmark: a 20-image listing of 12-megapixel JPEGs, generated here, goes
 * through the server's property media pipeline (decode the data URL, sniff, re-encode to ≤ 1920 px,
 * write the WebP variants, store under content-hashed names). Target: ≤ 15 s on a 2-core machine.
 *
 * Usage: node bench/media.ts — prints one JSON line (also importable as `benchMediaPipeline`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGES_TOTAL_MAX_BYTES, MAX_IMAGES } from '../src/shared/constants.ts';
import { localMediaStore } from '../src/server/services/media/store.ts';
import { storePropertyMedia } from '../src/server/services/media/uploads.ts';

const WIDTH = 4000;
const HEIGHT = 3000;
export const MEDIA_BENCH_TARGET_MS = 15_000;

/**
 * A 12 MP photo-like JPEG: a smooth colour field (a tiny random image scaled up) with fine grain, each
 * one different so none is deduplicated by its hash. Sized to fit the server's limits (≤ 3 MB each,
 * ≤ 19 MB for 20), as a photo exported at moderate quality would be.
 */
async function photo(i: number): Promise<Buffer> {
  const seed = Buffer.alloc(8 * 6 * 3);
  for (let k = 0; k < seed.length; k++) seed[k] = (k * 97 + i * 31) % 256;
  const field = await sharp(seed, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: 256,
      height: 256,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 8 },
    },
  })
    .png()
    .toBuffer();
  return sharp(field, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([{ input: grain, tile: true, blend: 'overlay' }])
    .jpeg({ quality: 75 })
    .toBuffer();
}

export interface TMediaBenchResult {
  images: number;
  megapixels: number;
  inputMB: number;
  ms: number;
  /** CPU time of the pipeline (all threads): what the run costs whatever else shares the machine. */
  cpuMs: number;
  targetMs: number;
  pass: boolean;
  cpus: number;
}

export async function benchMediaPipeline(): Promise<TMediaBenchResult> {
  const photos: Buffer[] = [];
  for (let i = 0; i < MAX_IMAGES; i++) photos.push(await photo(i));
  const total = photos.reduce((s, p) => s + p.length, 0);
  const biggest = Math.max(...photos.map((p) => p.length));
  if (biggest > IMAGE_MAX_BYTES || total > IMAGES_TOTAL_MAX_BYTES) {
    throw new Error(`generated photos exceed the limits (largest ${biggest} B, total ${total} B)`);
  }
  const images = photos.map((p) => `data:image/jpeg;base64,${p.toString('base64')}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-bench-media-'));
  try {
    const store = localMediaStore(dir);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const stored = await storePropertyMedia(store, { images, videos: [] });
    const ms = Math.round(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    if (stored.images.length !== MAX_IMAGES) throw new Error('not every image was stored');
    return {
      images: MAX_IMAGES,
      megapixels: (WIDTH * HEIGHT) / 1e6,
      inputMB: Number((total / 1024 / 1024).toFixed(2)),
      ms,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      targetMs: MEDIA_BENCH_TARGET_MS,
      pass: ms <= MEDIA_BENCH_TARGET_MS,
      cpus: os.availableParallelism(),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchMediaPipeline();
  console.log(JSON.stringify(result));
  if (!result.pass) process.exitCode = 1;
}
