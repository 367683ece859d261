import { useMemo, useState, type ReactNode } from 'react';
import { initialSelection, toggle } from '../../schemas/funnel-selection';
import { useTranslation } from 'react-i18next';
import { useFunnelStep } from '../../renderer/state/funnel-step';
import { useBumps } from '../../renderer/state/order-bump';
import { Deferred } from '../../renderer/ui/checkout/Deferred';
import { Loading } from '../../renderer/ui/Loading';
import type { BlockProps, SettingsOf } from '../types';
import type { FunnelCheckoutData } from './load';
import { ProductChoice, type Choice } from './ProductChoice';
import './funnel-checkout.css';

const loadForm = () => import('./FunnelCheckoutForm').then((m) => m.default);

/**
 * A funnel's checkout on one page: the products (drawn by the server), then the shopper's information,
 * shipping, payment and the order summary, which arrive once the page is interactive (the funnel's
 * checkout is started with the products chosen; each change of the choice prices it anew on the server).
 */
export default function FunnelCheckout({ id, settings, data }: BlockProps<SettingsOf<'funnel-checkout'>, FunnelCheckoutData>) {
  const { t } = useTranslation();
  const step = useFunnelStep();
  const products = useMemo(() => data?.products ?? [], [data]);
  const [choice, setChoice] = useState<Choice>(() => ({
    chosen: initialSelection(settings.products, settings.selection, settings.preselect).filter((i) => products[i]),
    quantities: settings.products.map((p) => p.quantity ?? 1),
    skus: products.map((p) => p?.skus.find((s) => s.available)?.id ?? p?.skus[0]?.id ?? null),
  }));
  const bumps = useBumps();
  const chosenLines = useMemo(
    () =>
      choice.chosen.flatMap((i) => {
        const skuId = choice.skus[i];
        return skuId ? [{ skuId, quantity: choice.quantities[i] ?? 1 }] : [];
      }),
    [choice],
  );
  // The order bumps ticked on the page come along, one of each (never without a product chosen).
  const lines = useMemo(
    () =>
      chosenLines.length
        ? [
            ...chosenLines,
            ...bumps.filter((id) => !chosenLines.some((l) => l.skuId === id)).map((skuId) => ({ skuId, quantity: 1 })),
          ]
        : [],
    [chosenLines, bumps],
  );
  const problem = lines.length ? null : t('blocks.funnel-checkout.choose.required');
  const chooser = (
    <ProductChoice
      id={id}
      settings={settings}
      products={products}
      choice={choice}
      problem={problem}
      onToggle={(i) => setChoice((c) => ({ ...c, chosen: toggle(c.chosen, i, settings.selection) }))}
      onQuantity={(i, q) => setChoice((c) => ({ ...c, quantities: c.quantities.map((v, j) => (j === i ? Math.max(1, q) : v)) }))}
      onSku={(i, skuId) => setChoice((c) => ({ ...c, skus: c.skus.map((v, j) => (j === i ? skuId : v)) }))}
    />
  );
  if (!step || step.type !== 'checkout') {
    // Outside its funnel (a page previewed alone): what the shopper will choose from, and nothing to pay.
    return (
      <section className="funnel-checkout">
        {chooser}
        <p className="funnel-checkout__note">{t('blocks.funnel-checkout.outside')}</p>
      </section>
    );
  }
  // The frame of the form to come (its title, the products in place, room for the rest), so nothing on
  // the page moves when it arrives (no layout shift): shown until the form and the checkout are there.
  const pending = (alert: ReactNode, loading: boolean) => (
    <section className="checkout" aria-labelledby={`${id}-title`}>
      <div className="checkout__head">
        <h1 id={`${id}-title`}>{t('checkout.title')}</h1>
        {chooser}
        {alert}
      </div>
      {/* Room for the form while it is on its way (none while nothing is chosen: it will not come). */}
      {loading ? (
        <div className="checkout__main funnel-checkout__pending">
          <Loading />
        </div>
      ) : null}
    </section>
  );
  return (
    <section className="funnel-checkout">
      <Deferred
        load={loadForm}
        props={{ chooser, lines, funnel: step.handle, pageId: step.pageId, pending }}
        fallback={pending(null, true)}
      />
    </section>
  );
}
