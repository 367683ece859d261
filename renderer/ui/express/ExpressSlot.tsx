// Where an express checkout block goes (product page, cart, checkout): nothing at first, so the page's
// first load is what it was. Once the page shows, the payment-method list is asked (unless the page
// has it) and, only when it has EXPRESS methods, the block's code is loaded (ExpressCheckout.tsx) and
// drawn once the language's full messages are in.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState, type ComponentType } from 'react';
import type { PaymentMethod } from '../../../schemas/generated/api';
import { withFullMessages } from '../../i18n/translations';
import type { ExpressCheckoutProps } from './express-types';

export function ExpressSlot({
  methods,
  ...props
}: Omit<ExpressCheckoutProps, 'methods'> & {
  /** The page's own method list (the checkout has it); else it is asked after the page shows. */
  methods?: PaymentMethod[];
}) {
  const { api, translations } = useRouter().options.context;
  const [loaded, setLoaded] = useState<{ View: ComponentType<ExpressCheckoutProps>; methods: PaymentMethod[] } | null>(null);
  useEffect(() => {
    let live = true;
    (methods ? Promise.resolve(methods) : api.payments.methods().then((list) => list.result.filter((m) => m.normalTag)))
      .then(async (list) => {
        const express = list.filter((m) => m.type === 'EXPRESS');
        if (!express.length) return;
        // Its words were not in the server's page: it shows once the language's messages are in too.
        const { default: View } = await withFullMessages(translations, import('./ExpressCheckout'));
        if (live) setLoaded({ View, methods: express });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, translations, methods]);
  return loaded ? <loaded.View {...props} methods={loaded.methods} /> : null;
}
