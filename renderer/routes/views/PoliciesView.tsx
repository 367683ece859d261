import { getRouteApi, Link } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t';

const policiesRoute = getRouteApi('/policies');

export default function PoliciesView() {
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
}
