// The layout's parts the server may write from HTML it drew for an earlier request
// (server/ssr/kept-html.tsx): the header and the footer.
import type { Menu, MenuItem } from '../../../schemas/generated/api';

export type LayoutPart = 'header' | 'footer';

/** The items of one of the shop's menus (main-menu, footer), none when it has no such menu. */
export function menuItems(menus: Menu[], handle: string): MenuItem[] {
  return menus.find((m) => m.handle === handle)?.items ?? [];
}
