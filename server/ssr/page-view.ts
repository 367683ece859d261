// A page ready to render (validated, defaults filled), the data of each of its blocks, loaded on the
// server in one go, and the server's clock: answered by GET /api/pageView/{handle} for client navigation
// (and a funnel's step with its page: GET /api/multicurrency/funnel/{handle}?pageId=; both in
// server/api/page-views.ts), and the same function called directly by the server's own renderer (no HTTP, no JSON on the way: the page's
// largest answer, asked on every render). Block data is cached per page version, locale and currency for
// the cache TTL (a read-through cache, like the catalog's), one object shared by every render of it;
// the clock is taken per request.
import { loadPageData } from '../../blocks/load-page-data';
import { settingsOf, visibleBlocks } from '../../schemas/page-blocks';
import type { LiveStep } from '../commerce/funnels/funnel-store';
import { patchedPage, variantStamp } from '../commerce/funnels/variants';
import { isOfferStep, stepPath } from '../commerce/funnels/funnel-paths';
import { withNextLinks } from '../commerce/funnels/next-links';
import type { FunnelVariant } from '../../schemas/generated/funnel';
import type { FunnelStepQuery, FunnelStepView, PageView, ShopOfferStepView } from '../../schemas/generated/api';
import { verifyPreview } from '../commerce/pages/preview-link';
import type { ApiClient } from '../../renderer/api/client';
import type { Commerce } from '../commerce';
import type { CacheGroup } from '../commerce/cache';
import { serializeOnce } from '../../renderer/serialize-once';
import { isLocalizedText, localize } from '../../schemas/localized-text';

export interface PageViews {
  /**
   * The page `handle` for a visitor of `locale` and `currency` (a code the shop offers, else the base one);
   * with a valid `preview` (a signed link's value), the version it names, else the live page.
   */
  view(handle: string, locale: string, currency: string | undefined, preview?: string): Promise<PageView>;
  /** The step `pageId` (else the first) of the live funnel `handle`, with its page's view. */
  funnelStep(
    handle: string,
    query: FunnelStepQuery,
    locale: string,
    currency: string | undefined,
    visitorId?: string,
  ): Promise<FunnelStepView>;
  /** The one-click offer of `type` after the shop order `orderToken`, with its page's view (or a redirect). */
  shopOffer(
    orderToken: string,
    type: 'upsell' | 'downsell',
    locale: string,
    currency: string | undefined,
    visitorId?: string,
  ): Promise<ShopOfferStepView>;
}

/** A copy of `page` whose every localized text is the string of `locale` (a plain string is every language's). */
export function inLocale<T>(page: T, locale: string): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    if (isLocalizedText(value)) return localize(value, locale);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
  };
  return walk(page) as T;
}

export function createPageViews(deps: {
  commerce: Commerce;
  /** The in-process API client for a locale and currency (in-process-api.ts). */
  apiFor: (options: { locale: string; currency?: string }) => ApiClient;
  caches: CacheGroup;
  log: (message: string, error?: unknown) => void;
  /** The key preview links are signed with (commerce/pages/preview-link.ts). */
  previewKey: Buffer;
}): PageViews {
  const blockData = deps.caches.readThrough<Record<string, unknown>>({ max: 2000 });
  const patchedPages = deps.caches.readThrough<PageView['page']>({ max: 200 });
  const nextLinkedPages = deps.caches.readThrough<PageView['page']>({ max: 500 });
  const localizedPages = deps.caches.readThrough<PageView['page']>({ max: 1000 });
  /** The version a preview link shows; an invalid one is an empty page that lists why. */
  async function previewView(
    handle: string,
    version: number,
    locale: string,
    currencyCode: string | undefined,
  ): Promise<PageView> {
    const shown = await deps.commerce.pages.previewed(handle, version);
    if (!shown.ok) {
      return {
        id: shown.id,
        version,
        page: { handle, kind: shown.kind, blocks: [] },
        data: {},
        now: Date.now(),
        preview: { version, errors: shown.errors, errorCount: shown.errorCount },
      };
    }
    return { ...(await viewOf(shown, locale, currencyCode)), preview: { version } };
  }
  async function view(handle: string, locale: string, currencyCode: string | undefined, preview?: string): Promise<PageView> {
    const previewed = preview ? verifyPreview(deps.previewKey, handle, preview) : null;
    if (previewed !== null) return previewView(handle, previewed, locale, currencyCode);
    return viewOf(await deps.commerce.pages.renderable(handle), locale, currencyCode);
  }
  async function viewOf(
    { id, version, page }: { id: number; version: number; page: PageView['page'] },
    locale: string,
    currencyCode: string | undefined,
    /** A split step's variant patched over this page version: its blocks' data is its own. */
    variant = '',
  ): Promise<PageView> {
    const { currency } = await deps.commerce.pricing.currency(currencyCode);
    const data = await blockData.get(`${id}:${version}:${locale}:${currency.code}:${variant}`, () =>
      loadPageData(page, {
        api: deps.apiFor({ locale, currency: currency.code }),
        locale,
        onError: (block, error) =>
          deps.log(`block ${block.id} (${block.type}) of page ${page.handle} could not load its data`, error),
      }),
    );
    // A page in one language: its texts as that language's strings, not all 20 of them to every browser.
    const shown = await localizedPages.get(`${id}:${version}:${locale}:${variant}`, async () => inLocale(page, locale));
    // The page and its block data are shared by every render of this version: written into pages once.
    return { id, version, page: serializeOnce(shown), data: serializeOnce(data), now: Date.now() };
  }
  /**
   * A step of a live funnel with its page's view. With the main order's token, an offer step shows that
   * buyer's offer (or says where they go instead) and the thank-you step the order with its offers'
   * orders. A view with a visitor is recorded (the funnel's statistics).
   */
  async function funnelStep(
    handle: string,
    query: FunnelStepQuery,
    locale: string,
    currencyCode: string | undefined,
    visitorId?: string,
  ): Promise<FunnelStepView> {
    const { steps: _steps, ...live } = await deps.commerce.funnels.step(handle, query.pageId, locale);
    // A split step: the visitor's variant (assigned once); without a visitor, the step's own page.
    const variant = visitorId ? await deps.commerce.assignments.assign(live.funnel.id, live.step, visitorId) : null;
    // A preview link of the step's page shows that version (a draft) in its funnel.
    const previewed = query.preview ? verifyPreview(deps.previewKey, live.step.page, query.preview) : null;
    const [extra, pageView] = await Promise.all([
      stepExtras({ ...live, steps: _steps }, query.order, locale, visitorId),
      previewed !== null
        ? previewView(live.step.page, previewed, locale, currencyCode)
        : variantView(live, variant, locale, currencyCode),
    ]);
    if (visitorId && !('redirect' in extra)) {
      const stamp = variant
        ? variantStamp(live.step.id, variant.id)
        : await deps.commerce.assignments.stampOf(live.funnel.id, visitorId);
      await deps.commerce.funnelEvents
        .record({ funnelId: live.funnel.id, stepId: live.step.id, visitorId, type: 'view', variant: stamp })
        .catch((error: unknown) => deps.log(`a view of funnel ${handle} could not be recorded`, error));
    }
    const next = live.step.next && !isOfferStep(live.step) ? live.step.next : null;
    // Keyed by the variant too: a patched variant shares its page's id and version.
    const view = next
      ? await nextLinked(
          pageView,
          stepPath(handle, next),
          `${live.funnel.version}:${live.step.id}:${variant?.id ?? ''}:${locale}`,
        )
      : pageView;
    const evergreen = visitorId && !('redirect' in extra) ? await evergreenOf(view, visitorId) : {};
    return {
      ...live,
      ...extra,
      ...(variant ? { variant: variant.id } : {}),
      ...(Object.keys(evergreen).length ? { evergreen } : {}),
      view,
    };
  }
  /**
   * The visitor's deadlines of the page's evergreen countdowns (set at their first visit), so the page is
   * drawn with them: a returning visitor's clock shows what is left from the first paint. A block the
   * live page does not hold (a draft previewed) is left to the browser's own call, as on a shop page.
   */
  async function evergreenOf(view: PageView, visitorId: string): Promise<Record<string, string>> {
    const blocks = [...visibleBlocks(view.page.blocks)].filter((b) => settingsOf(b, 'countdown')?.mode === 'evergreen');
    const kept = await Promise.all(
      blocks.map((b) =>
        deps.commerce
          .evergreen(visitorId, view.page.handle, b.id)
          .then((d) => [b.id, d.deadline] as const)
          .catch(() => null),
      ),
    );
    return Object.fromEntries(kept.filter((k) => k !== null));
  }
  /**
   * A funnel page's links to `#next` lead to the step after this one (spec: globalNextLink, nextHandle):
   * a page may serve in several funnels, and a funnel's order may change, without editing its links.
   * The page (in one language) is rewritten once per page version, funnel step and language, then cached.
   */
  async function nextLinked(view: PageView, next: string, step: string): Promise<PageView> {
    const page = await nextLinkedPages.get(`${view.id}:${view.version}:${step}:${next}`, async () =>
      serializeOnce(withNextLinks(view.page, next)),
    );
    return { ...view, page };
  }
  /** The page a variant shows: another page, the step's page patched (cached per version), or the step's own. */
  async function variantView(
    live: Omit<LiveStep, 'steps'>,
    variant: FunnelVariant | null,
    locale: string,
    currencyCode: string | undefined,
  ): Promise<PageView> {
    if (variant?.page) return view(variant.page, locale, currencyCode);
    if (!variant?.patch) return view(live.step.page, locale, currencyCode);
    const base = await deps.commerce.pages.renderable(live.step.page);
    const key = `${live.funnel.id}:${live.funnel.version}:${live.step.id}:${variant.id}:${base.id}:${base.version}`;
    const patched = await patchedPages.get(key, async () => {
      const result = patchedPage(base.page, variant.patch!);
      if (!result.ok)
        deps.log(
          `variant ${variant.id} of funnel ${live.funnel.handle} no longer applies to its page: ${JSON.stringify(result.errors)}`,
        );
      return result.ok ? result.page : base.page;
    });
    return viewOf({ id: base.id, version: base.version, page: patched }, locale, currencyCode, variant.id);
  }
  async function stepExtras(
    live: LiveStep,
    order: string | undefined,
    locale: string,
    visitorId: string | undefined,
  ): Promise<Pick<FunnelStepView, 'offer' | 'order' | 'redirect'>> {
    if (!order) return {};
    if (isOfferStep(live.step)) return deps.commerce.offers.show(live, order, { locale, now: new Date() }, visitorId);
    if (live.step.type === 'thank-you') return { order: await deps.commerce.orders.get(order, locale) };
    return {};
  }
  /**
   * The one-click offer after a shop order's checkout (a checkout trigger's), shown to its buyer with the
   * funnel page it is drawn on; or where the buyer goes instead (server/commerce/shop-offers/).
   */
  async function shopOffer(
    orderToken: string,
    type: 'upsell' | 'downsell',
    locale: string,
    currencyCode: string | undefined,
    visitorId?: string,
  ): Promise<ShopOfferStepView> {
    const shown = await deps.commerce.shopOffers.show(orderToken, type, { locale, now: new Date() }, visitorId);
    if ('redirect' in shown) return { type, redirect: shown.redirect };
    return { type, offer: shown.offer, view: await view(shown.page, locale, currencyCode) };
  }
  return { view, funnelStep, shopOffer };
}
