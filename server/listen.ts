// The HTTP server of a shop process (server/main.ts, and the processes tests start), with the keep-alive
// a server behind a load balancer needs.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * How long an idle keep-alive connection stays open. Longer than a load balancer's or a client's own
 * idle timeout (60 s on the common ones): a server that closes first (Node's default is 5 s) resets the
 * request sent just as it closes, and a client does not retry a PATCH or a payment.
 */
export const KEEP_ALIVE_MS = 65_000;

export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; hostname: string; keepAliveMs?: number },
  onListening: (info: AddressInfo) => void,
): Server {
  const server = serve({ fetch, port: options.port, hostname: options.hostname }, onListening) as Server;
  const keepAlive = options.keepAliveMs ?? KEEP_ALIVE_MS;
  server.keepAliveTimeout = keepAlive;
  // Headers of a request on a kept connection may take as long as the connection may idle.
  server.headersTimeout = keepAlive + 1000;
  return server;
}
