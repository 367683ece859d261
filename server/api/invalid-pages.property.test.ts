// One bad page save must never stop the shop. A property test: 1,000 invalid pages (wrong types,
// unknown blocks and settings, huge strings, deep nesting, thousands of blocks, prototype keys) are
// saved one after another while a shopper keeps asking for pages. Every answer is a 4xx listing
// JSON-pointer errors (at most 100, with the count of all) within a time bound; the live page never
// changes; the shopper is answered throughout; the event loop's delay stays under 100 ms (p99).
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve, type ServerType } from '@hono/node-server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import homePage from '../../fixtures/pages/home.json' with { type: 'json' };
import { blockTypes } from '../../schemas/generated/block-types';
import { MAX_BLOCK_DEPTH, MAX_PAGE_BLOCKS } from '../commerce/pages/validate-page';
import { MAX_REPORTED_ERRORS } from '../commerce/validation';
import { createTestShop, merchantHeaders, type TestShop } from '../../test-support/server/test-app';

const HANDLE = 'property-page';
const PAGES = 1000;
/** Longest a refusal may take, however bad the page (generous: this machine runs other tests at once). */
const ANSWER_BOUND_MS = 1500;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type PageJson = { [key: string]: Json };

const validPage = (): PageJson => ({ ...(structuredClone(homePage) as unknown as PageJson), handle: HANDLE });

/** An own property named like a prototype key (`__proto__` included), as JSON.parse makes it. */
function setOwn(target: { [key: string]: Json }, key: string, value: Json) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Strings that stand for lists nested `n` deep and sections in sections `n` deep, written into the JSON text. */
const DEEP = 'deep-value-of-depth-';
const DEEP_SECTIONS = 'deep-sections-of-depth-';
const nestedSections = (n: number) =>
  `${Array.from({ length: n - 1 }, (_, d) => `{"id":"s${d}","type":"section","blocks":[`).join('')}` +
  `{"id":"leaf","type":"rich-text","settings":{"body":"deep"}}${']}'.repeat(n - 1)}`;
const deepValues = (json: string) =>
  json
    .replace(new RegExp(`"${DEEP}(\\d+)"`, 'g'), (_, n: string) => `${'['.repeat(Number(n))}"bottom"${']'.repeat(Number(n))}`)
    .replace(new RegExp(`"${DEEP_SECTIONS}(\\d+)"`, 'g'), (_, n: string) => nestedSections(Number(n)));

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const anyJson = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const notAString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyJson, { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

/** One change that makes a valid page invalid, whatever else is changed with it. */
type Mutation = (page: PageJson) => void;
type Block = { [key: string]: Json };
/** The page's list of blocks (a new one if an earlier change broke it). */
const listOf = (page: PageJson): Json[] => (Array.isArray(page.blocks) ? page.blocks : (page.blocks = []));
/** Block i, made an object again if an earlier change broke it. */
function blockAt(page: PageJson, i: number): Block {
  const list = listOf(page);
  const block = list[i];
  if (block && typeof block === 'object' && !Array.isArray(block)) return block;
  return (list[i] = { id: `b${i}`, type: 'rich-text', settings: { body: 'x' } }) as Block;
}
const settingsOf = (block: Block): Block => {
  const settings = block.settings;
  return settings && typeof settings === 'object' && !Array.isArray(settings) ? settings : (block.settings = {});
};
const blockIndex = fc.nat({ max: homePage.blocks.length - 1 });

const mutations: fc.Arbitrary<Mutation>[] = [
  // wrong types
  notAString.map((v) => (page) => void (page.kind = v as Json)),
  fc.tuple(blockIndex, notAString).map(
    ([i, v]) =>
      (page) =>
        void (blockAt(page, i).id = v as Json),
  ),
  fc.tuple(blockIndex, fc.oneof(fc.integer(), fc.string(), fc.constant(null))).map(
    ([i, v]) =>
      (page) =>
        void (blockAt(page, i).settings = v),
  ),
  fc.oneof(fc.string(), fc.integer(), fc.object({ maxDepth: 1 })).map((v) => (page) => void (page.blocks = v as never)),
  fc.tuple(blockIndex, fc.integer({ min: 1, max: 5000 })).map(([i, n]) => (page) => {
    // a block that is not an object, or not a block at all
    listOf(page).splice(i, 0, n);
  }),
  // unknown blocks and settings
  fc
    .tuple(
      blockIndex,
      fc.string({ minLength: 1, maxLength: 30 }).filter((t) => !(blockTypes as readonly string[]).includes(t)),
    )
    .map(
      ([i, type]) =>
        (page) =>
          void (blockAt(page, i).type = type),
    ),
  fc.tuple(blockIndex, fc.string({ minLength: 1, maxLength: 20 }), anyJson).map(([i, key, value]) => (page) => {
    setOwn(settingsOf(blockAt(page, i)), `x-${key}`, value);
  }),
  fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), anyJson).map(
    ([key, value]) =>
      (page) =>
        setOwn(page, `x-${key}`, value),
  ),
  // huge strings
  fc.integer({ min: 5001, max: 400_000 }).map((n) => (page) => void (page.title = 'x'.repeat(n))),
  fc.tuple(blockIndex, fc.integer({ min: 5001, max: 60_000 })).map(([i, n]) => (page) => {
    listOf(page)[i] = { id: `huge${i}`, type: 'rich-text', settings: { body: { en: 'y'.repeat(n), fr: 'z'.repeat(n) } } };
  }),
  // deep nesting: sections in sections, and values in values
  fc.integer({ min: MAX_BLOCK_DEPTH + 1, max: 3000 }).map((depth) => (page) => {
    // Written into the text after JSON.stringify (which would recurse as deep): see deepValues.
    listOf(page).push(`${DEEP_SECTIONS}${depth}` as Json);
  }),
  fc.integer({ min: 20, max: 50_000 }).map((depth) => (page) => {
    // Written into the text after JSON.stringify (which would recurse as deep): see deepValues.
    listOf(page).push({ id: 'deepvalue', type: 'rich-text', settings: { body: `${DEEP}${depth}` } });
  }),
  // thousands of blocks (valid ones, too many of them)
  fc.integer({ min: MAX_PAGE_BLOCKS + 1, max: 8000 }).map((n) => (page) => {
    page.blocks = Array.from({ length: n }, (_, i) => ({ id: `b${i}`, type: 'rich-text', settings: { body: `Block ${i}` } }));
  }),
  // many bad blocks at once (each with errors of its own)
  fc.integer({ min: 50, max: MAX_PAGE_BLOCKS }).map((n) => (page) => {
    page.blocks = Array.from({ length: n }, (_, i) => ({
      id: `b${i}`,
      type: 'image-banner',
      settings: Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`unknown${k}`, k])),
    }));
  }),
  // prototype keys, on the page, a block and its settings
  fc
    .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.nat({ max: 2 }), blockIndex, anyJson)
    .map(([key, where, i, value]) => (page) => {
      const block = blockAt(page, i);
      setOwn([page, block, settingsOf(block)][where]!, key, value);
    }),
];

const invalidPages = fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 3 }).map((changes) => {
  const page = validPage();
  for (const change of changes) change(page);
  return page;
});

interface Refusal {
  code: number;
  message: string;
  data: { errors: { path: string; message: string }[]; errorCount: number } | null;
}

describe('saving invalid pages', () => {
  let shop: TestShop;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    shop = await createTestShop('pglite');
    // Over a real socket, as a merchant's tool and shoppers would send them: each request arrives as
    // an event of its own, and the event loop's delay is what a shopper would wait.
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const created = await shop.app.request(`/api/pages/${HANDLE}`, {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify(validPage()),
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await shop?.close();
  });

  it(`refuses ${PAGES} invalid pages, each quickly and with pointers, while the shop keeps answering`, async () => {
    // Made before the clock starts: the client's own work is not the server's delay.
    const bodies = fc.sample(invalidPages, { numRuns: PAGES, seed: 7 }).map((page) => deepValues(JSON.stringify(page)));
    const livePage = await (await shop.app.request(`/api/pageConfig/handle/${HANDLE}`)).json();

    // The shopper's call once before the clock starts: its first answer reads the database cold.
    await (await fetch(`${base}/api/multicurrency/products?categoryHandles=apparel`)).arrayBuffer();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let shopping = true;
    const shopperAnswers: number[] = [];
    const shopper = (async () => {
      while (shopping) {
        const response = await fetch(`${base}/api/multicurrency/products?categoryHandles=apparel`);
        shopperAnswers.push(response.status);
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    delay.enable();

    const problems: string[] = [];
    let slowest = 0;
    for (const [i, body] of bodies.entries()) {
      const started = performance.now();
      const response = await fetch(`${base}/api/pages/${HANDLE}`, { method: 'PUT', headers: merchantHeaders, body });
      const answer = (await response.json()) as Refusal;
      const took = performance.now() - started;
      slowest = Math.max(slowest, took);
      const what = `page ${i} (${body.length} bytes): ${response.status} ${answer.message?.slice(0, 120)}`;
      if (took > ANSWER_BOUND_MS) problems.push(`${what}: took ${Math.round(took)} ms`);
      if (response.status === 413) continue;
      if (response.status !== 400) {
        problems.push(what);
        continue;
      }
      const errors = answer.data?.errors ?? [];
      if (!errors.length || errors.length > MAX_REPORTED_ERRORS || answer.data!.errorCount < errors.length) {
        problems.push(`${what}: ${errors.length} errors listed of ${answer.data?.errorCount}`);
      }
      for (const error of errors) {
        if (!/^(\/([^/~]|~[01])*)*$/.test(error.path) || typeof error.message !== 'string' || !error.message) {
          problems.push(`${what}: error ${JSON.stringify(error).slice(0, 200)}`);
        }
      }
    }
    delay.disable();
    shopping = false;
    await shopper;

    expect(problems).toEqual([]);
    const p99 = delay.percentile(99) / 1e6;
    const max = delay.max / 1e6;
    console.log(
      `${PAGES} invalid pages refused; slowest answer ${Math.round(slowest)} ms; event-loop delay p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms; shopper answered ${shopperAnswers.length} times`,
    );
    expect(p99).toBeLessThan(100);
    expect(shopperAnswers.length).toBeGreaterThan(20);
    expect(shopperAnswers.every((status) => status === 200)).toBe(true);

    // Nothing stored changed: still version 1, and the page shows as it did.
    const versions = (await (await shop.app.request(`/api/pages/${HANDLE}/versions`, { headers: merchantHeaders })).json()) as {
      data: { version: number; live: boolean }[];
    };
    expect(versions.data).toEqual([expect.objectContaining({ version: 1, live: true })]);
    expect(await (await shop.app.request(`/api/pageConfig/handle/${HANDLE}`)).json()).toEqual(livePage);
    expect(shop.faults).toEqual([]);
  }, 300_000);
});
