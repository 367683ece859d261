// The client's address, for the limits on failed sign-ins: the connection's peer, or, when the peer is a
// proxy the operator named (TRUSTED_PROXIES, README), the last address of X-Forwarded-For that is not one
// of them. A header sent by anyone else is ignored, so a client cannot pick the address it is counted by.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The peer of a request that came through no socket (the renderer's in-process calls, tests). */
const NO_PEER = 'local';

function peerOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? NO_PEER;
  } catch {
    return NO_PEER;
  }
}

const plain = (address: string) => address.replace(/^::ffff:/, '');

export function clientIpOf(trustedProxies: readonly string[]): (c: Context) => string {
  const trusted = new Set(trustedProxies.map(plain));
  return (c) => {
    const peer = plain(peerOf(c));
    if (!trusted.has(peer)) return peer;
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((a) => plain(a.trim()))
      .filter(Boolean);
    for (let i = forwarded.length - 1; i >= 0; i--) if (!trusted.has(forwarded[i]!)) return forwarded[i]!;
    return peer;
  };
}
