import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

const policiesRoute = getRouteApi('/policies');

export default function PoliciesView() {
  const { t } = useTranslation();
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
