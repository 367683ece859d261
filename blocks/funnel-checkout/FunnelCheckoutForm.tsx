import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Checkout } from '../../schemas/generated/api';
import { ApiError } from '../../renderer/api/api-error';
import { errorMessage } from '../../renderer/api/error-message';
import { useT } from '../../renderer/i18n/use-t';
import { readFunnelCheckout, writeFunnelCheckout } from '../../renderer/state/checkout-draft';
import { CheckoutProvider, type CheckoutData } from '../../renderer/state/checkout-store';
import { OnePage } from '../../renderer/ui/checkout/OnePage';
import { Loading } from '../../renderer/ui/Loading';

/**
 * The funnel checkout's form, after the page is interactive: the funnel's checkout is started with the
 * products chosen (its token kept for this tab, so a reload goes on with it), priced anew on each change
 * of the choice, and shown as the one-page checkout with the funnel's payment methods.
 */
export default function FunnelCheckoutForm({
  chooser,
  lines,
  funnel,
  pageId,
}: {
  chooser: ReactNode;
  lines: { skuId: number; quantity: number }[];
  funnel: string;
  pageId: string;
}) {
  const { t } = useT();
  const { api } = useRouter().options.context;
  const [data, setData] = useState<CheckoutData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(0);
  const wanted = JSON.stringify(lines);

  useEffect(() => {
    if (!lines.length) return;
    const call = ++asked.current;
    const priced = async (checkoutToken: string | undefined): Promise<Checkout> => {
      try {
        return await api.funnel.checkout({ funnel, pageId, lines, ...(checkoutToken ? { checkoutToken } : {}) });
      } catch (error) {
        // A checkout of this tab already paid or gone: a new one.
        if (checkoutToken && error instanceof ApiError && [400, 404, 409, 410].includes(error.status)) return priced(undefined);
        throw error;
      }
    };
    (async () => {
      try {
        const checkout = await priced(data?.checkout.token ?? readFunnelCheckout(funnel, pageId));
        if (call !== asked.current) return;
        writeFunnelCheckout(funnel, pageId, checkout.token);
        if (data) {
          setData({ ...data, checkout });
        } else {
          const [countries, methods, tip, insurance] = await Promise.all([
            api.checkout.countries().catch(() => []),
            api.funnel.methods().catch(() => []),
            api.checkout.tip().catch(() => null),
            api.checkout.insurance().catch(() => null),
          ]);
          if (call === asked.current) setData({ checkout, countries, methods, tip, insurance, funnel: true });
        }
        setFailure(null);
      } catch (error) {
        if (call === asked.current) setFailure(await errorMessage(error, t));
      }
    })();
    // The choice (as JSON) is what starts a new pricing; the rest is read when it runs.
  }, [wanted]);

  const alert = failure ? (
    <p className="funnel-checkout__failure" role="alert">
      {failure}
    </p>
  ) : null;
  if (!data || !lines.length)
    return (
      <>
        {chooser}
        {alert}
        {lines.length && !failure ? <Loading /> : null}
      </>
    );
  return (
    <CheckoutProvider data={data}>
      <OnePage
        top={
          <>
            {chooser}
            {alert}
          </>
        }
      />
    </CheckoutProvider>
  );
}
