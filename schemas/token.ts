// The tokens of checkouts, orders and recovery links: 32 hex digits. Anything else names nothing, so
// neither the shop's pages nor its API ask the database about it.
export const isToken = (value: string) => /^[0-9a-f]{32}$/.test(value);
