// The longest languages on a phone (issue 28): in German, Finnish and Greek, at 375 px, the product,
// collection, cart, checkout, content and funnel pages fit the screen, no label or button is cut, and
// the shop's own texts are in that language. A screenshot of each page is attached to the report for a
// person to look over.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { E2E_ORIGIN } from './signed';
import { readyCheckout } from './shop-api';

test.use({ viewport: { width: 375, height: 812 } });

const LANGUAGES = { de: 'Leinenhemd', fi: 'Pellavapaita', el: 'Λινό πουκάμισο' } as const;

/** What does not fit: the page wider than the window, or text cut by its box. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.scrollingElement!.scrollWidth > window.innerWidth)
      found.push(`page ${document.scrollingElement!.scrollWidth} px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      // Hidden, or cut on purpose: a star rating's partial fill, the spam trap no person sees.
      if (
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        el.closest('[hidden], dialog:not([open]), .visually-hidden, .stars__fill, .form-honeypot')
      )
        continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A box that scrolls sideways on purpose (a row of cards) holds what it shows.
      const scrolls = (e: Element | null): boolean =>
        !!e && e !== document.body && (['auto', 'scroll'].includes(getComputedStyle(e).overflowX) || scrolls(e.parentElement));
      if (scrolls(el)) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      if (box.right > window.innerWidth + 1) found.push(`${el.tagName.toLowerCase()}.${el.className} past the edge: “${text}”`);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1 && text)
        found.push(`${el.tagName.toLowerCase()}.${el.className} cut: “${text}”`);
    }
    return found;
  });
}

for (const [lang, shirt] of Object.entries(LANGUAGES)) {
  test(`${lang} at 375 px: every page type fits, nothing cut, the shop speaks ${lang}`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const visitor = randomUUID();
    await page.context().addCookies([{ name: 'sakUUID', value: visitor, url: E2E_ORIGIN }]);
    const checkout = await readyCheckout(request, { visitor, fromCart: true, quantity: 2 });
    const pages = [
      `/${lang}/products/linen-shirt`,
      `/${lang}/collections/apparel`,
      `/${lang}/cart`,
      `/${lang}/checkout/${checkout}`,
      `/${lang}/checkout/payment?token=${checkout}`,
      `/${lang}/pages/faqs`,
      `/${lang}/funnel/summer-linen`,
      `/${lang}/funnel/summer-linen?pageId=checkout`,
    ];
    for (const path of pages) {
      await page.goto(path);
      await hydrated(page);
      await expect(page.locator('html'), path).toHaveAttribute('lang', lang);
      await testInfo.attach(`${lang} ${path}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
      expect(await overflows(page), path).toEqual([]);
    }
    // The product and the cart name the shirt in the page's language.
    await page.goto(`/${lang}/cart`);
    await expect(page.getByRole('main')).toContainText(shirt);
  });
}
