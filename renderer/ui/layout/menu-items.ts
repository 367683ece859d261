// The items of the shop's menus the header and footer show.
import type { Menu, MenuItem } from '../../../schemas/generated/api';

/** The items of one of the shop's menus (main-menu, footer), none when it has no such menu. */
export function menuItems(menus: Menu[], handle: string): MenuItem[] {
  return menus.find((m) => m.handle === handle)?.items ?? [];
}
