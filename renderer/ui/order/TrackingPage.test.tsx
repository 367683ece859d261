import { describe, expect, it } from 'vitest';
import { renderInShop } from '../../../test-support/renderer/render-page';
import { withEventDates } from './dated';
import { shipment } from '../../../test-support/renderer/order-fixture';
import { TrackingDetails } from './TrackingDetails';
import { TrackingForm } from './TrackingForm';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('tracking', () => {
  it('lists the events newest first, each with its status in words, description, place and date', async () => {
    const html = await renderInShop(<TrackingDetails tracking={withEventDates(shipment, 'en')} />);
    const page = text(html);
    expect(page).toContain('Order VG-10001');
    expect(page).toContain('Delivery Shipped');
    expect(page).toContain('Tracking number VGTRACK0001');
    expect(page).toContain('Carrier Vitrine Post');
    expect(html).toMatch(/<ol class="tracking__events">/);
    expect(page.indexOf('Left the sorting centre')).toBeLessThan(page.indexOf('Packed and handed to the carrier'));
    expect(page).toContain('Shipped Nov 4, 2026 Left the sorting centre Newark, NJ');
    expect(page).toContain('Packed, ready to ship Nov 3, 2026 Packed and handed to the carrier Brooklyn, NY');
    expect(html).toContain('<time dateTime="2026-11-04T08:00:00Z">');
  });

  it('dates the events in the page language', async () => {
    const missing: string[] = [];
    const page = text(
      await renderInShop(<TrackingDetails tracking={withEventDates(shipment, 'fr')} />, { locale: 'fr', missingKeys: missing }),
    );
    expect(missing).toEqual([]);
    expect(page).toContain('Expédiée 4 nov. 2026');
  });

  it('says when there are no events yet', async () => {
    const page = text(await renderInShop(<TrackingDetails tracking={withEventDates({ ...shipment, events: [] }, 'en')} />));
    expect(page).toContain('No shipping updates yet');
  });

  it('ties an error to the tracking number field and announces it', async () => {
    const html = await renderInShop(<TrackingForm number="NOPE" error="No shipment has the tracking number NOPE." />);
    expect(html).toMatch(/<label for="([^"]+)">Tracking number<\/label>/);
    const fieldId = /<label for="([^"]+)"/.exec(html)![1]!;
    const input = new RegExp(`<input id="${fieldId}"[^>]*>`).exec(html)![0];
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('value="NOPE"');
    const errorId = /aria-describedby="([^"]+)"/.exec(input)![1]!;
    expect(html).toContain(
      `<p id="${errorId}" class="tracking__error" role="alert">No shipment has the tracking number NOPE.</p>`,
    );
    expect(html).toContain('action="/track"');
  });

  it('shows the field without an error when nothing was asked yet', async () => {
    const html = await renderInShop(<TrackingForm number="" />);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('role="alert"');
  });
});
