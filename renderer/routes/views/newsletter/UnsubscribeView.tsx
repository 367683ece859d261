import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useApi } from '../../../state/api-context';
import { useLinkCheck } from '../../../ui/account/use-link-check';
import { LinkResult } from './LinkResult';

const unsubscribeRoute = getRouteApi('/newsletter/unsubscribe');

/** `/newsletter/unsubscribe?id=…&sig=…`: unsubscribed, or the link is not one of this shop's. */
export default function UnsubscribeView() {
  const api = useApi();
  const { id, sig } = unsubscribeRoute.useSearch();
  const link = id && sig ? `${id}.${sig}` : undefined;
  const unsubscribe = useCallback(
    (value: string) => {
      const [subscriber = '', signature = ''] = value.split('.');
      return api.request('post /newsletter/unsubscribe', { query: { id: Number(subscriber), sig: signature }, body: {} });
    },
    [api],
  );
  const result = useLinkCheck(link, unsubscribe);
  return <LinkResult action="unsubscribe" result={result} />;
}
