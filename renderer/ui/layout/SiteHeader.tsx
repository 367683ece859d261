import { Link } from '@tanstack/react-router';
import { useRef, useSyncExternalStore } from 'react';
import type { MenuItem } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { useCartQuantity } from '../../state/shop-state';
import { useSite } from '../../state/site-context';
import { readCookie, SIGNED_IN_COOKIE } from '../../state/cookies';
import { AccountIcon, CartIcon, CloseIcon, MenuIcon } from '../icons';
import { SearchBox } from '../search/SearchBox';
import { SearchDialog } from '../search/SearchDialog';
import { ShopLink } from '../ShopLink';
import { cartLinkLabel } from './cart-label';
import { PreferencesForm } from './PreferencesForm';

function CartLink() {
  const { t } = useTranslation();
  const quantity = useCartQuantity();
  return (
    <Link className="site-header__cart" to="/cart" aria-label={cartLinkLabel(t, quantity)}>
      <CartIcon />
      {quantity ? (
        <span className="site-header__cart-count" aria-hidden="true">
          {quantity > 99 ? '99+' : quantity}
        </span>
      ) : null}
    </Link>
  );
}

const noSubscription = () => () => {};
/** Whether this browser holds a session (a hint cookie set beside the HttpOnly one); never on the server. */
const useSignedIn = () =>
  useSyncExternalStore(
    noSubscription,
    () => readCookie(SIGNED_IN_COOKIE) === '1',
    () => false,
  );

/**
 * Sign-in, or the account once signed in. The server always draws the first (a public page is the same
 * for everyone, so the page cache can share it); the browser draws the second after hydration. An icon in
 * the bar from 640 px; on a phone, a line of the menu drawer (the bar keeps its room for search and cart).
 */
function AccountLink({ inDrawer, onNavigate }: { inDrawer?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const to = signedIn ? '/account/dashboard' : '/account/login';
  // Both words are asked for on every render, the server's too: the page's translation snapshot then holds
  // the one the browser switches to after hydration, so the link is never without a name.
  const words = { signedIn: t('account.header.account'), signedOut: t('account.header.signIn') };
  const label = signedIn ? words.signedIn : words.signedOut;
  if (inDrawer) {
    return (
      <Link className="drawer__account" to={to} onClick={onNavigate}>
        <AccountIcon />
        {label}
      </Link>
    );
  }
  return (
    <Link className="site-header__account" to={to} aria-label={label}>
      <AccountIcon />
    </Link>
  );
}

function MainMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate?: () => void }) {
  return (
    <ul className="main-menu">
      {items.map((item) => (
        <li key={item.url} className="main-menu__item">
          <span onClickCapture={onNavigate}>
            <ShopLink className="main-menu__link" href={item.url}>
              {item.title}
            </ShopLink>
          </span>
          {item.children.length > 0 && (
            <ul className="main-menu__children">
              {item.children.map((child) => (
                <li key={child.url} onClickCapture={onNavigate}>
                  <ShopLink href={child.url}>{child.title}</ShopLink>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Header: menu (a drawer on phones), logo, search, language and currency, cart with its count. `cached`:
 * on the server, the content as rendered for an earlier request (server/ssr/cached-html.tsx).
 */
export function SiteHeader({ menu, cached }: { menu: MenuItem[]; cached?: string }) {
  if (cached !== undefined) return <header className="site-header" dangerouslySetInnerHTML={{ __html: cached }} />;
  return (
    <header className="site-header">
      <SiteHeaderContent menu={menu} />
    </header>
  );
}

export function SiteHeaderContent({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const { site } = useSite();
  const drawer = useRef<HTMLDialogElement>(null);
  const closeDrawer = () => drawer.current?.close();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <div className="site-header__bar">
        <button
          type="button"
          className="icon-button site-header__menu-button"
          aria-label={t('layout.openMenu')}
          aria-haspopup="dialog"
          onClick={() => drawer.current?.showModal()}
        >
          <MenuIcon />
        </button>
        <Link className="site-header__logo" to="/" aria-label={t('layout.home', { name: site.name })}>
          {site.name}
        </Link>
        <nav className="site-header__nav" aria-label={t('layout.mainMenu')}>
          <MainMenu items={menu} />
        </nav>
        <div className="site-header__tools">
          <SearchBox id="header-search" />
          <SearchDialog />
          <PreferencesForm id="header-preferences" />
          <AccountLink />
          <CartLink />
        </div>
      </div>
      <dialog ref={drawer} className="drawer" aria-label={t('layout.mainMenu')}>
        <div className="drawer__head">
          <span className="drawer__title">{site.name}</span>
          <button type="button" className="icon-button" aria-label={t('layout.closeMenu')} onClick={closeDrawer}>
            <CloseIcon />
          </button>
        </div>
        <SearchBox id="drawer-search" />
        <nav aria-label={t('layout.mainMenu')}>
          <MainMenu items={menu} onNavigate={closeDrawer} />
        </nav>
        <AccountLink inDrawer onNavigate={closeDrawer} />
        <div className="drawer__preferences">
          <PreferencesForm id="drawer-preferences" />
        </div>
      </dialog>
    </>
  );
}
