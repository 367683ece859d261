// An account and its sessions as their owner sees them (the account calls and the data export alike).
import type { Customer, CustomerSession } from '../../../schemas/generated/api';
import type { CustomerRow, SessionRow } from './sessions';

/** The account without what never leaves the server (its password's hash, its email key). */
export const customerView = (row: CustomerRow): Customer => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  acceptsMarketing: row.acceptsMarketing,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
});

/** A signed-in session; `current`: the one the asking call was made in. */
export const sessionView = (session: SessionRow, currentSessionId: number): CustomerSession => ({
  id: session.id,
  userAgent: session.userAgent,
  createdAt: session.createdAt.toISOString(),
  lastSeenAt: session.lastSeenAt.toISOString(),
  current: session.id === currentSessionId,
});
