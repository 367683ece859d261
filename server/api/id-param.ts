// A row id in a path (`/customer/orders/{orderId}`): written as a whole number, else 0, which names no
// row (the call answers "not found", as for an id that names nothing). Kept out of the route's path
// pattern, which would leak into the API document and the client's map of calls.
export const idParam = (value: string | undefined): number => (value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : 0);
