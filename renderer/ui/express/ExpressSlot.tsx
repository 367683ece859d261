// Where an express checkout block goes (product page, cart, checkout). The checkout has its method list
// from its loader: the row is drawn with the page, on the server, so it never pushes the form down when
// the script arrives (issue 23: CLS 0.12). Elsewhere nothing at first: once the page shows, the list is
// asked and, only when it has EXPRESS methods, the block is drawn once the language's full messages
// are in.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PaymentMethod } from '../../../schemas/generated/api';
import { withFullMessages } from '../../i18n/translations';
import ExpressCheckout from './ExpressCheckout';
import type { ExpressCheckoutProps } from './express-types';

export function ExpressSlot({
  methods,
  ...props
}: Omit<ExpressCheckoutProps, 'methods'> & {
  /** The page's own method list (the checkout has it); else it is asked after the page shows. */
  methods?: PaymentMethod[];
}) {
  if (methods) return <ExpressCheckout {...props} methods={methods.filter((m) => m.type === 'EXPRESS')} />;
  return <LaterExpress {...props} />;
}

function LaterExpress(props: Omit<ExpressCheckoutProps, 'methods'>) {
  const { api, translations } = useRouter().options.context;
  const [loaded, setLoaded] = useState<PaymentMethod[] | null>(null);
  useEffect(() => {
    let live = true;
    api.payments
      .methods()
      .then(async (list) => {
        const express = list.result.filter((m) => m.normalTag && m.type === 'EXPRESS');
        if (!express.length) return;
        // Its words were not in the server's page: it shows once the language's messages are in too.
        await withFullMessages(translations, Promise.resolve());
        if (live) setLoaded(express);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, translations]);
  return loaded ? <ExpressCheckout {...props} methods={loaded} /> : null;
}
