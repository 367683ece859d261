import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaDir } from '../../test-support/server/paths';
import { mediaRoutes } from './media';

const app = mediaRoutes({ mediaDir });

describe('GET /media/{file}', () => {
  it('serves an original with its type and a cache lifetime', async () => {
    const response = await app.request('/media/linen-shirt-sand.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('max-age=86400');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it('resizes to a width of spec section 9, and never enlarges', async () => {
    const small = await app.request('/media/linen-shirt-sand.webp?w=300');
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(300);
    const big = await app.request('/media/linen-shirt-sand.webp?w=1920');
    expect((await sharp(Buffer.from(await big.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it('refuses other widths, unknown files and paths that leave the media folder', async () => {
    expect((await app.request('/media/linen-shirt-sand.webp?w=333')).status).toBe(400);
    expect((await app.request('/media/nope.webp')).status).toBe(404);
    expect((await app.request('/media/..%2Fproducts.json')).status).toBe(404);
    expect((await app.request('/media/products.json')).status).toBe(404);
  });
});
