// `npm run pages -- check|push` as a merchant runs it: a child process, a running shop.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../test-support/server/paths';
import { createTestShop, MERCHANT_TOKEN, type TestShop } from '../../test-support/server/test-app';

const run = promisify(execFile);
const pagesCli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'server/cli/pages.ts', ...args], { cwd: projectRoot }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

let shop: TestShop;
let server: ServerType;
let url: string;
let dir: string;
beforeAll(async () => {
  shop = await createTestShop();
  server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'vitrine-pages-'));
});
afterAll(async () => {
  server.close();
  await shop.close();
  await rm(dir, { recursive: true, force: true });
});

const page = (handle: string, limit = 4) => ({
  $schema: '../../schemas/page.schema.json',
  handle,
  kind: 'shop',
  blocks: [{ id: 'grid', type: 'product-grid', settings: { collection: 'hot-sale', limit } }],
});

describe('npm run pages', () => {
  it('check: exits 0 for valid files and 1 with file:line:column, pointer and message for invalid ones', async () => {
    await writeFile(join(dir, 'good.json'), JSON.stringify(page('good'), null, 2));
    await writeFile(join(dir, 'bad.txt'), JSON.stringify(page('bad', 99), null, 2));
    expect(await pagesCli('check', join(dir, 'good.json'))).toMatchObject({ code: 0, stdout: '1 page valid\n' });
    const bad = await pagesCli('check', join(dir, 'good.json'), join(dir, 'bad.txt'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /bad\.txt:11:9 {2}\/blocks\/0\/settings\/limit {2}must be at most 48 \(product-grid block "grid"\)/,
    );
  });

  it('check: holds texts by locale to the default locale, en unless --default-locale names another', async () => {
    const french = { ...page('french'), title: { fr: 'Soldes' } };
    await writeFile(join(dir, 'french.json'), JSON.stringify(french, null, 2));
    const refused = await pagesCli('check', join(dir, 'french.json'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /french\.json:\d+:\d+ {2}\/title {2}The text in the shop's default language \(en\) is needed\./,
    );
    expect(await pagesCli('check', join(dir, 'french.json'), '--default-locale', 'fr')).toMatchObject({
      code: 0,
      stdout: '1 page valid\n',
    });
  });

  it('push: uploads every page of a folder to a running shop, which then serves them', async () => {
    const folder = await mkdtemp(join(dir, 'push-'));
    await writeFile(join(folder, 'pushed-one.json'), JSON.stringify(page('pushed-one')));
    await writeFile(join(folder, 'pushed-two.json'), JSON.stringify(page('pushed-two', 2)));
    const result = await pagesCli('push', folder, '--url', url, '--token', MERCHANT_TOKEN);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('pushed-one is live as version 1');
    expect(result.stdout).toContain('pushed-two is live as version 1');
    expect((await fetch(`${url}/pages/pushed-two`)).status).toBe(200);
  });

  it("push: checks texts by the shop's default locale, asked of the shop", async () => {
    const folder = await mkdtemp(join(dir, 'push-locale-'));
    await writeFile(join(folder, 'french.json'), JSON.stringify({ ...page('pushed-french'), title: { fr: 'Soldes' } }));
    const refused = await pagesCli('push', folder, '--url', url, '--token', MERCHANT_TOKEN);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("/title  The text in the shop's default language (en) is needed.");
    expect(refused.stderr).toContain('Nothing was uploaded');
    expect((await fetch(`${url}/pages/pushed-french`)).status).toBe(404);
  });

  it('push: uploads nothing when a file is invalid, and reports a refused token', async () => {
    const folder = await mkdtemp(join(dir, 'push-bad-'));
    await writeFile(join(folder, 'fine.json'), JSON.stringify(page('not-uploaded')));
    await writeFile(join(folder, 'broken.json'), '{ "handle": ');
    const invalid = await pagesCli('push', folder, '--url', url, '--token', MERCHANT_TOKEN);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('Nothing was uploaded');
    expect((await fetch(`${url}/pages/not-uploaded`)).status).toBe(404);

    const good = await mkdtemp(join(dir, 'push-token-'));
    await writeFile(join(good, 'x.json'), JSON.stringify(page('token-check')));
    const refused = await pagesCli('push', good, '--url', url, '--token', 'wrong');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused (401)');
  });

  const funnelPage = (handle: string) => ({
    handle,
    kind: 'funnel',
    blocks: [{ id: 't', type: 'rich-text', settings: { body: handle } }],
  });
  const funnel = (pageOf: (step: string) => string) => ({
    $schema: '../../schemas/funnel.schema.json',
    handle: 'cli-bundle',
    steps: [
      { id: 'checkout', type: 'checkout', page: pageOf('checkout'), next: 'upsell' },
      { id: 'upsell', type: 'upsell', page: pageOf('upsell'), product: 'leather-wallet', next: 'thanks', onDecline: 'thanks' },
      { id: 'thanks', type: 'thank-you', page: pageOf('thanks') },
    ],
  });

  it('check: knows a funnel file by its steps, and points at a loop with line and column', async () => {
    await writeFile(
      join(dir, 'funnel.json'),
      JSON.stringify(
        funnel((s) => `cli-${s}`),
        null,
        2,
      ),
    );
    expect(await pagesCli('check', join(dir, 'good.json'), join(dir, 'funnel.json'))).toMatchObject({
      code: 0,
      stdout: '1 page and 1 funnel valid\n',
    });
    const looping = funnel((s) => `cli-${s}`);
    looping.steps[1]!.onDecline = 'checkout';
    await writeFile(join(dir, 'looping.json'), JSON.stringify(looping, null, 2));
    const bad = await pagesCli('check', join(dir, 'looping.json'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /looping\.json:\d+:\d+ {2}\/steps\/1\/onDecline {2}leads back to step "checkout": a funnel may not loop/,
    );
  });

  it('push: uploads the pages of a folder before its funnel, whose steps name them', async () => {
    const folder = await mkdtemp(join(dir, 'push-funnel-'));
    // Named so that the funnel sorts first: the command still saves the pages before it.
    await writeFile(join(folder, 'a-funnel.json'), JSON.stringify(funnel((s) => `cli-${s}`)));
    for (const step of ['checkout', 'upsell', 'thanks'])
      await writeFile(join(folder, `page-${step}.json`), JSON.stringify(funnelPage(`cli-${step}`)));
    const result = await pagesCli('push', folder, '--url', url, '--token', MERCHANT_TOKEN);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toContain('cli-bundle is live as version 1');
    const stored = await fetch(`${url}/api/funnels/cli-bundle`, { headers: { Authorization: `Bearer ${MERCHANT_TOKEN}` } });
    expect(stored.status).toBe(200);
  });
});
