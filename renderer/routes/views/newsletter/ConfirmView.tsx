import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useApi } from '../../../state/api-context';
import { useLinkCheck } from '../../../ui/account/use-link-check';
import { LinkResult } from './LinkResult';

const confirmRoute = getRouteApi('/newsletter/confirm');

/** `/newsletter/confirm?token=…`: the sign-up confirmed (subscribed), or the link is invalid. */
export default function ConfirmView() {
  const api = useApi();
  const { token } = confirmRoute.useSearch();
  const confirm = useCallback((secret: string) => api.request('post /newsletter/confirm', { body: { token: secret } }), [api]);
  const result = useLinkCheck(token, confirm);
  return <LinkResult action="confirm" result={result} />;
}
