// Answers gzipped in one go: big compressible answers for browsers that take gzip, nothing else.
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { gzipAnswers } from './gzip';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Linen shirt ${i}` })) };

const app = new Hono();
app.use(gzipAnswers());
app.get('/small', (c) => c.json({ code: 200, message: 'ok', data: { status: 'accepted' } }));
app.get('/big', (c) => {
  setCookie(c, 'a', '1');
  setCookie(c, 'b', '2');
  c.header('ETag', '"v3"');
  return c.json(big);
});
app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
app.get('/encoded', (c) => c.body('already', 200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'br' }));

const gzipHeaders = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('gzipAnswers', () => {
  it('leaves a small answer as it is, and says answers vary by Accept-Encoding', async () => {
    const response = await app.request('/small', { headers: gzipHeaders });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(await response.json()).toEqual({ code: 200, message: 'ok', data: { status: 'accepted' } });
  });

  it('gzips a big JSON answer whole, keeping its status, cookies and a weak ETag', async () => {
    const response = await app.request('/big', { headers: gzipHeaders });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Content-Length')).toBeNull();
    expect(response.headers.get('ETag')).toBe('W/"v3"');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const body = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(JSON.parse(body)).toEqual(big);
  });

  it('sends it plain to a client that does not take gzip (or refuses it with q=0)', async () => {
    for (const header of ['identity', 'gzip;q=0, br']) {
      const response = await app.request('/big', { headers: { 'Accept-Encoding': header } });
      expect(response.headers.get('Content-Encoding'), header).toBeNull();
      expect(await response.json()).toEqual(big);
    }
  });

  it('leaves images, answers encoded already and HEAD answers alone', async () => {
    expect((await app.request('/image', { headers: gzipHeaders })).headers.get('Content-Encoding')).toBeNull();
    expect((await app.request('/encoded', { headers: gzipHeaders })).headers.get('Content-Encoding')).toBe('br');
    const head = await app.request('/big', { method: 'HEAD', headers: gzipHeaders });
    expect(head.headers.get('Content-Encoding')).toBeNull();
  });
});
