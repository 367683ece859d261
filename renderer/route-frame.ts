// Whether a page keeps the shop's frame (header, footer, cart count): a route may say it has none
// (`staticData: { frame: 'bare' }`): the maintenance, closed and password pages, whose links would only
// lead back to them.
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    frame?: 'bare';
  }
}

export {};
