import { createRoute, Link } from '@tanstack/react-router';
import { useT } from '../i18n/use-t';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

/** The shop's policies (spec: /policies), each a theme page. */
export const POLICY_PAGES = ['shopping-policy', 'return-and-refund', 'privacy-policy', 'terms-of-service'] as const;

export const policiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/policies',
  loader: ({ context }) =>
    guardLoader(context, async () => {
      const pages = await context.api.pages();
      return POLICY_PAGES.flatMap((handle) => pages.filter((p) => p.handle === handle));
    }),
  head: ({ match }) => ({ meta: [{ title: match.context.translations.current().t('policies.title') }] }),
  component: function Policies() {
    const { t } = useT();
    const pages = policiesRoute.useLoaderData();
    return (
      <section className="policies" aria-labelledby="policies-title">
        <h1 id="policies-title">{t('policies.title')}</h1>
        <p>{t('policies.intro')}</p>
        <ul className="policies__list">
          {pages.map((page) => (
            <li key={page.handle}>
              <Link to="/pages/$handle" params={{ handle: page.handle }}>
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  },
});
