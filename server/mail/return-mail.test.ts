// The mail of a return's move as its customer reads it: what happened in their language, the refund in the
// shop's money format, the merchant's note escaped, and the link to the order in the account.
import { describe, expect, it } from 'vitest';
import site from '../../fixtures/site.json' with { type: 'json' };
import type { ReturnStatusMail } from '../commerce/returns/return-status-mail';
import { createLocaleCatalog } from '../ssr/messages';
import { returnMail } from './return-mail';

const missing: string[] = [];
const catalog = createLocaleCatalog((locale, key) => missing.push(`${locale} ${key}`));
const currencies = site.currencies as { code: string; decimals: number; moneyFormat: string }[];

const mail = (overrides: Partial<ReturnStatusMail> = {}): ReturnStatusMail => ({
  kind: 'returnStatus',
  to: 'ana@example.com',
  locale: 'en',
  firstName: 'Ana',
  orderNumber: 'VG-10042',
  orderId: 42,
  status: 'refunded',
  note: 'Refunded <b>with</b> thanks & care',
  refund: { amount: 4550, currencyCode: 'USD' },
  ...overrides,
});

const write = (m: ReturnStatusMail) =>
  returnMail(m, { t: catalog.translatorFor(m.locale), shopName: 'Vitrine', publicUrl: 'https://shop.example/', currencies });

describe('the return mail', () => {
  it('says what was refunded, with the note and the link to the order', () => {
    const written = write(mail());
    expect(written.to).toBe('ana@example.com');
    expect(written.subject).toBe('Your refund for order VG-10042');
    expect(written.text).toContain('Hello Ana,');
    expect(written.text).toContain('Vitrine has refunded $45.50 for your return from order VG-10042.');
    expect(written.text).toContain('Refunded <b>with</b> thanks & care');
    expect(written.text).toContain('https://shop.example/account/orderDetails?id=42');
    expect(written.html).toContain('Refunded &lt;b&gt;with&lt;/b&gt; thanks &amp; care');
    expect(written.html).not.toContain('<b>with</b>');
  });

  it('is written in the customer’s language for every move, greeting without a name when there is none', () => {
    for (const status of ['approved', 'rejected', 'received', 'refunded'] as const) {
      const written = write(
        mail({ status, locale: 'fr', firstName: '', note: null, refund: status === 'refunded' ? mail().refund : null }),
      );
      expect(written.subject).toContain('VG-10042');
      expect(written.text.startsWith('Bonjour,')).toBe(true);
      expect(written.html).toContain('<html lang="fr');
    }
    expect(missing).toEqual([]);
  });
});
