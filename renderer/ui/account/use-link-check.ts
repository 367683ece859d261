import { useEffect, useRef, useState } from 'react';

export type LinkState<T> = { state: 'checking' } | { state: 'valid'; value: T } | { state: 'invalid'; error: unknown };

/**
 * Sends a mailed link's secret once, when the page is shown (a POST from the page's script: a mail scanner
 * fetching the address does not use the link up), and tells how it went.
 */
export function useLinkCheck<T>(token: string | undefined, send: (token: string) => Promise<T>): LinkState<T> {
  const [result, setResult] = useState<LinkState<T>>({ state: 'checking' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) return setResult({ state: 'invalid', error: null });
    send(token).then(
      (value) => setResult({ state: 'valid', value }),
      (error: unknown) => setResult({ state: 'invalid', error }),
    );
  }, [token, send]);
  return result;
}
