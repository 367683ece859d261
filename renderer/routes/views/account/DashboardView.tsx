import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../../ui/account/AccountPage';

const dashboardRoute = getRouteApi('/account/dashboard');

/** `/account/dashboard`: the account at a glance, and the way to each of its pages. */
export default function DashboardView() {
  const { t } = useTranslation();
  const { customer } = dashboardRoute.useLoaderData();
  return (
    <AccountPage section="dashboard" title={t('account.dashboard.hello', { name: customer.firstName })}>
      <p>{t('account.dashboard.intro')}</p>
      <div className="account__cards">
        <section className="account__card" aria-labelledby="dashboard-orders">
          <h2 id="dashboard-orders">{t('account.nav.orders')}</h2>
          <p>{t('account.dashboard.orders')}</p>
          <Link to="/account/orders">{t('account.dashboard.toOrders')}</Link>
        </section>
        <section className="account__card" aria-labelledby="dashboard-addresses">
          <h2 id="dashboard-addresses">{t('account.nav.addresses')}</h2>
          <p>{t('account.dashboard.addresses')}</p>
          <Link to="/account/addresses">{t('account.dashboard.toAddresses')}</Link>
        </section>
        <section className="account__card" aria-labelledby="dashboard-profile">
          <h2 id="dashboard-profile">{t('account.nav.profile')}</h2>
          <dl className="account__facts">
            <dt>{t('account.fields.name')}</dt>
            <dd>{t('account.dashboard.fullName', { first: customer.firstName, last: customer.lastName })}</dd>
            <dt>{t('account.fields.email')}</dt>
            <dd>{customer.email}</dd>
            <dt>{t('account.fields.newsletter')}</dt>
            <dd>{t(customer.acceptsMarketing ? 'account.dashboard.subscribed' : 'account.dashboard.notSubscribed')}</dd>
          </dl>
          <Link to="/account/profile">{t('account.dashboard.toProfile')}</Link>
        </section>
      </div>
    </AccountPage>
  );
}
