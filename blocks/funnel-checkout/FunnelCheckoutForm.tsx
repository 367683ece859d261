import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Checkout } from '../../schemas/generated/api';
import { ApiError } from '../../renderer/api/api-error';
import { errorMessage, errorName } from '../../renderer/api/error-message';
import { useTranslation } from 'react-i18next';
import { readFunnelCheckout, writeFunnelCheckout } from '../../renderer/state/checkout-draft';
import { CheckoutProvider, useCheckout, type CheckoutData } from '../../renderer/state/checkout-store';
import { setBumpSlot } from '../../renderer/state/order-bump';
import { OnePage } from '../../renderer/ui/checkout/OnePage';

type Lines = { skuId: number; quantity: number }[];

/**
 * The tab's checkout can no longer be used (paid, gone, or another funnel's): a new one is started. Not
 * so for what is wrong with the choice itself (a quantity beyond stock): that is said, the form stays.
 */
async function gone(error: unknown): Promise<boolean> {
  if (!(error instanceof ApiError)) return false;
  const name = await errorName(error.code);
  if (name === 'orderAlreadySettled' || name === 'tokenNotFound') return true;
  const errors = (error.data as { errors?: { path?: string }[] } | null)?.errors ?? [];
  return error.status === 400 && errors.some((e) => e.path === '/checkoutToken');
}

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
  pending,
}: {
  chooser: ReactNode;
  lines: Lines;
  funnel: string;
  pageId: string;
  /** The form's frame while the checkout is not there yet (an alert, and whether it is on its way). */
  pending: (alert: ReactNode, loading: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const [data, setData] = useState<CheckoutData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new checkout is started on the first choice, and again when the tab's was paid or is gone.
  const [round, setRound] = useState(0);
  const startedRound = useRef(-1);
  const linesNow = useRef(lines);
  linesNow.current = lines;
  /** The choice (as JSON) the server's checkout holds. */
  const priced = useRef('');
  const chosen = lines.length > 0;

  useEffect(() => {
    if (!chosen || startedRound.current === round) return;
    startedRound.current = round;
    const start = async (checkoutToken: string | undefined): Promise<Checkout> => {
      const lines = linesNow.current;
      try {
        const checkout = await api.funnel.checkout({ funnel, pageId, lines, ...(checkoutToken ? { checkoutToken } : {}) });
        priced.current = JSON.stringify(lines);
        return checkout;
      } catch (error) {
        if (checkoutToken && (await gone(error))) return start(undefined);
        throw error;
      }
    };
    // Fire and forget: it catches its own failure and shows it.
    void (async () => {
      try {
        const [checkout, countries, methods, tip, insurance] = await Promise.all([
          start(round === 0 ? readFunnelCheckout(funnel, pageId) : undefined),
          api.checkout.countries().catch(() => []),
          api.funnel.methods().catch(() => []),
          api.checkout.tip().catch(() => null),
          api.checkout.insurance().catch(() => null),
        ]);
        if (startedRound.current !== round) return;
        writeFunnelCheckout(funnel, pageId, checkout.token);
        // The whole form is drawn now: as a transition, in slices, not one long task.
        startTransition(() => {
          setData({ checkout, countries, methods, tip, insurance, funnel: true });
          setFailure(null);
        });
      } catch (error) {
        if (startedRound.current === round) setFailure(await errorMessage(error, t));
      }
    })();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- a new round or choice starts the checkout; the rest is read as of then
  }, [chosen, round]);

  const alert = failure ? (
    <p className="funnel-checkout__failure" role="alert">
      {failure}
    </p>
  ) : null;
  // Until the checkout is there: the same frame as before the form arrived (nothing moves).
  if (!data) return pending(alert, chosen && !failure);
  // The store stays while no product is chosen (what was typed is kept); the form shows again with a choice.
  return (
    <CheckoutProvider key={data.checkout.token} data={data}>
      <Reprice
        lines={lines}
        priced={priced}
        funnel={funnel}
        pageId={pageId}
        onFailure={setFailure}
        onGone={() => {
          setData(null);
          setRound((r) => r + 1);
        }}
      />
      {chosen ? (
        <OnePage
          // The chooser above offers the products; the summary lists what is bought (photo, options,
          // quantity and the server's price of each line, bumps included).
          summaryLines
          // The page's order bumps placed in the form are drawn here, above "Complete order".
          beforePay={<div ref={setBumpSlot} className="funnel-checkout__bumps" />}
          top={
            <>
              {chooser}
              {alert}
            </>
          }
        />
      ) : (
        <>
          {chooser}
          {alert}
        </>
      )}
    </CheckoutProvider>
  );
}

/**
 * Prices the checkout anew when the choice changes, through the checkout's store: after the saves on
 * their way, so an address saved meanwhile stays, and the page shows the last answer.
 */
function Reprice({
  lines,
  priced,
  funnel,
  pageId,
  onFailure,
  onGone,
}: {
  lines: Lines;
  priced: { current: string };
  funnel: string;
  pageId: string;
  onFailure(message: string | null): void;
  onGone(): void;
}) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const { token, apply } = useCheckout();
  const wanted = JSON.stringify(lines);
  useEffect(() => {
    if (!lines.length || wanted === priced.current) return;
    priced.current = wanted;
    apply(() => api.funnel.checkout({ funnel, pageId, lines, checkoutToken: token })).then(
      () => onFailure(null),
      async (error: unknown) => {
        if (await gone(error)) return onGone();
        // Not priced: the next change (or the same choice again) is sent anew.
        if (priced.current === wanted) priced.current = '';
        onFailure(await errorMessage(error, t));
      },
    );
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- prices anew only when the lines change
  }, [wanted]);
  return null;
}
