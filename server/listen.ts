// The HTTP server of a shop process (server/main.ts, and the processes tests start), with the keep-alive
// a server behind a load balancer needs, and a connection that outlives an early answer.
//
// An early answer is one given before the request's body was read: a 413 for a body over the limit, a
// 415, a 401 or a refused signature, a 404 of an unknown call. The client is still sending that body,
// and the connection is only good for another request once it has all been read. So, when the answer
// is ready (before its headers are written):
// - a body that has all arrived, or whose announced length is at most DRAIN_MAX_BYTES, is read and
//   dropped after the answer, and the connection is kept (the client's next request on it is answered);
// - a longer one, or one of unknown length (chunked), is answered with `Connection: close`; after the
//   answer the server stops writing, reads and drops what still comes for up to LINGER_MS, and closes.
//   Closing at once with bytes unread would make the kernel answer them with a reset, which can reach the
//   client before it has read the answer.
// @hono/node-server's own clean-up of unread bodies is off: it gives up after 500 ms (and stalls when its
// web stream has paused Node's), then destroys a connection it announced as kept: the client's next
// request on it was reset.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';

/**
 * How long an idle keep-alive connection stays open. Longer than a load balancer's or a client's own
 * idle timeout (60 s on the common ones): a server that closes first (Node's default is 5 s) resets the
 * request sent just as it closes, and a client does not retry a PATCH or a payment.
 */
export const KEEP_ALIVE_MS = 65_000;

/** The longest unread body still read after an early answer to keep its connection (the largest a page may be). */
export const DRAIN_MAX_BYTES = 1024 * 1024;

/** How long a connection closed after an early answer still reads what the client sends before it closes. */
export const LINGER_MS = 5_000;

type Fetch = (request: Request, env: HttpBindings) => Response | Promise<Response>;

export function listen(
  fetch: Fetch,
  options: { port: number; hostname: string; keepAliveMs?: number },
  onListening: (info: AddressInfo) => void,
): Server {
  const answered = (env: HttpBindings) => beforeAnswer(env.incoming, env.outgoing);
  const handle = getRequestListener(
    // The server is HTTP/1.1 (node:http below): its bindings are Node's IncomingMessage and ServerResponse.
    (request: Request, bindings: HttpBindings | Http2Bindings) => {
      const env = bindings as HttpBindings;
      let response: Response | Promise<Response>;
      try {
        response = fetch(request, env);
      } catch (error) {
        answered(env);
        throw error;
      }
      if (!(response instanceof Promise)) {
        answered(env);
        return response;
      }
      return response.then(
        (value) => {
          answered(env);
          return value;
        },
        (error: unknown) => {
          answered(env);
          throw error;
        },
      );
    },
    { hostname: options.hostname, autoCleanupIncoming: false },
  );
  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing));
  const keepAlive = options.keepAliveMs ?? KEEP_ALIVE_MS;
  server.keepAliveTimeout = keepAlive;
  // Headers of a request on a kept connection may take as long as the connection may idle.
  server.headersTimeout = keepAlive + 1000;
  server.listen(options.port, options.hostname, () => onListening(server.address() as AddressInfo));
  return server;
}

/** Called when the answer is ready, before its headers are written: what becomes of an unread body. */
function beforeAnswer(incoming: IncomingMessage, outgoing: ServerResponse) {
  // Read in full (or none was sent: all that arrived is the end of a GET).
  if (incoming.readableEnded || (incoming.complete && incoming.readableLength === 0)) return;
  if (!incoming.complete) {
    const length = Number(incoming.headers['content-length'] ?? Number.NaN);
    const drainable = incoming.headers['transfer-encoding'] === undefined && length <= DRAIN_MAX_BYTES;
    if (!drainable || !outgoing.shouldKeepAlive) {
      outgoing.shouldKeepAlive = false; // Node writes `Connection: close` and closes after the answer
      closeGently(incoming);
    }
  }
  // After the answer nothing reads the body any more: what is left of it is read and dropped.
  outgoing.once('finish', () => {
    if (!incoming.readableEnded && !incoming.destroyed) drop(incoming);
  });
}

/**
 * Reads the rest of a body and drops it. A reader that stopped holds it (and, with it, the connection):
 * @hono/node-server's web stream pauses Node's stream whenever its own queue is full. Its listeners go.
 */
function drop(incoming: IncomingMessage) {
  incoming.removeAllListeners('data');
  incoming.resume();
}

/**
 * Closes the connection of an answer that said `Connection: close` while the body is still coming:
 * Node would destroy the socket as soon as the answer is written (`destroySoon`); instead its sending
 * side is ended, what the client still sends is read (drop, after the answer), and the socket is closed
 * once the body has all been read, or after LINGER_MS.
 */
function closeGently(incoming: IncomingMessage) {
  const socket = incoming.socket;
  const close = () => (socket.writableFinished ? socket.destroy() : socket.once('finish', () => socket.destroy()));
  Object.assign(socket, {
    destroySoon() {
      socket.end();
      if (incoming.readableEnded) {
        close();
        return;
      }
      incoming.once('end', close);
      const timer = setTimeout(() => socket.destroy(), LINGER_MS);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
    },
  });
}
