// POST /api/csp-report as browsers send it (report-uri's application/csp-report, the Reporting API's
// application/reports+json) and as anyone else may: always a 204, each violation logged on one bounded
// line, nothing logged past the body size or the lines-a-minute limit; GET for the merchant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CspViolation } from '../../schemas/generated/api';
import { createTestShop, merchantHeaders, readEnvelope, type TestShop } from '../../test-support/server/test-app';
import { MAX_REPORT_BYTES } from './csp-report';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const report = (body: string, type: string) =>
  shop.app.request('/api/csp-report', { method: 'POST', headers: { 'Content-Type': type }, body });
const cspLines = () => shop.logs.filter((line) => line.startsWith('csp: '));

const reportUri = (blocked: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    'csp-report': {
      'document-uri': 'http://localhost/thankyou/0123456789abcdef?utm=x',
      'blocked-uri': blocked,
      'effective-directive': 'script-src-elem',
      'source-file': 'http://localhost/thankyou/0123456789abcdef',
      'line-number': 12,
      'script-sample': 'window.__vitrineInjected=true',
      disposition: 'enforce',
      ...extra,
    },
  });

describe('POST /api/csp-report', () => {
  it('logs a report-uri violation on one line, the address without its query', async () => {
    const before = cspLines().length;
    const response = await report(reportUri('inline'), 'application/csp-report');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(cspLines().slice(before)).toEqual([
      'csp: enforce script-src-elem refused inline on http://localhost/thankyou/0123456789abcdef (http://localhost/thankyou/0123456789abcdef:12) sample "window.__vitrineInjected=true"',
    ]);
  });

  it("logs the Reporting API's csp-violation reports and ignores its other kinds", async () => {
    const before = cspLines().length;
    const body = JSON.stringify([
      {
        type: 'csp-violation',
        age: 10,
        url: 'http://localhost/checkout/abc',
        body: {
          documentURL: 'http://localhost/checkout/abc#pay',
          blockedURL: 'https://evil.example/skimmer.js?card=1',
          effectiveDirective: 'script-src-elem',
          disposition: 'enforce',
          statusCode: 200,
        },
      },
      { type: 'deprecation', url: 'http://localhost/', body: { id: 'x' } },
    ]);
    expect((await report(body, 'application/reports+json')).status).toBe(204);
    expect(cspLines().slice(before)).toEqual([
      'csp: enforce script-src-elem refused https://evil.example/skimmer.js on http://localhost/checkout/abc',
    ]);
  });

  it('cuts long fields and strips control characters: one line each, of bounded length', async () => {
    const before = cspLines().length;
    await report(
      reportUri(`https://x.example/${'a'.repeat(5000)}`, { 'script-sample': 'a\nforged: line\r\u2028' }),
      'application/csp-report',
    );
    const [line] = cspLines().slice(before);
    expect(line).toBeDefined();
    expect(line).not.toMatch(/[\n\r\u2028]/);
    expect(line!.length).toBeLessThan(1000);
    expect(line).toContain('sample "a forged: line  "');
  });

  it('answers 204 and logs nothing for what is not a report: another type, bad JSON, too large, nothing', async () => {
    const before = shop.logs.length;
    for (const [body, type] of [
      [reportUri('inline'), 'text/plain'],
      [reportUri('inline'), 'application/x-www-form-urlencoded'],
      ['{"csp-report": ', 'application/csp-report'],
      [JSON.stringify({ 'csp-report': { 'blocked-uri': 'x'.repeat(MAX_REPORT_BYTES) } }), 'application/csp-report'],
      ['', 'application/reports+json'],
      ['[1, null, "x", {"type": "csp-violation", "body": 3}]', 'application/reports+json'],
    ] as const) {
      const response = await report(body, type);
      expect(response.status, `${type} ${body.slice(0, 30)}`).toBe(204);
    }
    expect(shop.logs.slice(before)).toEqual([]);
  });

  it('logs at most 60 lines a minute; the rest are kept for the merchant, not logged', async () => {
    const fresh = await createTestShop();
    try {
      const answers = [];
      for (let i = 0; i < 70; i++)
        answers.push(
          await fresh.app.request('/api/csp-report', {
            method: 'POST',
            headers: { 'Content-Type': 'application/csp-report' },
            body: reportUri(`https://x.example/${i}.js`),
          }),
        );
      expect(answers.every((response) => response.status === 204)).toBe(true);
      expect(fresh.logs.filter((line) => line.startsWith('csp: '))).toHaveLength(60);
      const kept = await readEnvelope<CspViolation[]>(await fresh.app.request('/api/csp-report', { headers: merchantHeaders }));
      expect(kept.data).toHaveLength(50);
      expect(kept.data[0]).toMatchObject({ blocked: 'https://x.example/69.js', directive: 'script-src-elem', line: '12' });
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/csp-report', () => {
  it('is the merchant’s only', async () => {
    expect((await shop.app.request('/api/csp-report')).status).toBe(401);
    const listed = await readEnvelope<CspViolation[]>(await shop.app.request('/api/csp-report', { headers: merchantHeaders }));
    expect(listed.status).toBe(200);
    expect(listed.data.some((v) => v.blocked === 'https://evil.example/skimmer.js')).toBe(true);
  });
});
