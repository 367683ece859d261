// The one rule of what a merchant's link may be (schemas/shop-link.schema.json, which every link setting
// refers to), for the code that draws links: the page validator refuses a link setting that breaks it, and
// ShopLink draws anything else it is given (a page stored before the rule, a menu, a rich text's markup)
// as plain text. Shared by the server and the browser.
import shopLinkSchema from './shop-link.schema.json' with { type: 'json' };

const SHOP_LINK = new RegExp(shopLinkSchema.pattern, 'u');
/** A contact address (rich text may link one): no character a link never holds, as in a shop link. */
// oxlint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTACT_LINK = /^(?:mailto|tel):[^\s"'<>\\`\u0000-\u001f\u007f-\u009f]+$/u;

/** A link a link setting may hold: a path of the shop (not `//…`), an http(s) address, or `#id` on the page. */
export const isShopLink = (href: string): boolean => SHOP_LINK.test(href);

/** Whether an address may be drawn as a link: a shop link, or a `mailto:` or `tel:` address. */
export const isDrawableLink = (href: unknown): href is string =>
  typeof href === 'string' && (isShopLink(href) || CONTACT_LINK.test(href));

/** A path of the shop (navigated to on the client), as opposed to an address elsewhere or an anchor. */
export const isShopPath = (href: string): boolean => href.startsWith('/');
