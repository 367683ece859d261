// GET /media/{file}[?w=width]: shop images, resized with sharp to the widths of spec section 9 and
// kept in memory once made. Gifs are served as they are. Never enlarges.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { singleFlight } from '../commerce/cache';
import { IMAGE_WIDTHS } from '../../renderer/ui/image-widths';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.([a-z0-9]+)$/;

export function mediaRoutes(options: { mediaDir: string; maxCacheBytes?: number }) {
  const cache = new LRUCache<string, Buffer>({
    maxSize: options.maxCacheBytes ?? 128 * 1024 * 1024,
    sizeCalculation: (buffer) => buffer.length || 1,
  });
  const once = singleFlight<Buffer | null>();

  async function produce(file: string, width: number | null): Promise<Buffer | null> {
    let original: Buffer;
    try {
      original = await readFile(join(options.mediaDir, file));
    } catch {
      return null;
    }
    if (width === null) return original;
    return sharp(original).resize({ width, withoutEnlargement: true }).toBuffer();
  }

  return new Hono().get('/media/:file', async (c) => {
    const file = c.req.param('file');
    const ext = SAFE_NAME.exec(file)?.[1]?.toLowerCase();
    const type = ext ? TYPES[ext] : undefined;
    if (!type) return c.text('Not found', 404);
    const w = c.req.query('w');
    let width: number | null = null;
    if (w !== undefined && ext !== 'gif' && ext !== 'svg') {
      width = Number(w);
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
        return c.text(`w must be one of ${IMAGE_WIDTHS.join(', ')}`, 400);
      }
    }
    const key = `${file}@${width ?? 'original'}`;
    let body: Buffer | null | undefined = cache.get(key);
    if (!body) {
      body = await once(key, () => produce(file, width));
      if (!body) return c.text('Not found', 404);
      cache.set(key, body);
    }
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
    });
  });
}
