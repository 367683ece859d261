import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatMonthDay } from '../../renderer/i18n/date-format';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { useTranslation } from 'react-i18next';
import { browserLanguages, visitorCountry } from '../../renderer/i18n/visitor-country';
import { useRenderTime } from '../../renderer/state/render-time';
import type { BlockProps, SettingsOf } from '../types';
import { countryOfLocale, deliveryWindow } from './delivery-dates';
import type { CountriesData } from './load';
import './shipping-time-tip.css';

const noChange = () => () => {};
const isNotHydrating = () => false;
const isHydrating = () => true;

/**
 * When an order placed today arrives (spec: shipping-time tip: country, time, date range). The country
 * starts as the shopper's language says (their region), and may be changed in the list; the dates are
 * counted from the server's clock of the page, so the server and the browser draw the same.
 */
export default function ShippingTimeTip({ id, settings, data }: BlockProps<SettingsOf<'shipping-time-tip'>, CountriesData>) {
  const {
    t,
    i18n: { language: locale },
  } = useTranslation();
  const localized = useLocalized();
  const now = useRenderTime();
  const selectId = `${id}-country`;
  const countries = data?.countries ?? [];
  const guess = countryOfLocale(locale);
  const [country, setCountry] = useState(() => (countries.some((c) => c.code === guess) ? guess : (countries[0]?.code ?? guess)));
  // The browser's languages may name the region the locale does not (de-AT): the same country as the
  // checkout's address form then (renderer/i18n/visitor-country.ts), unless the shopper chose one.
  const [chosen, setChosen] = useState(false);
  useEffect(() => {
    const refined = visitorCountry(locale, browserLanguages());
    if (!chosen && refined !== country && countries.some((c) => c.code === refined)) {
      setCountry(refined);
      setDates(datesOf(deliveryWindow(now, settings, refined)));
    }
    // Once, after hydration.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- runs once, after hydration, on purpose
  }, []);
  const arrival = deliveryWindow(now, settings, country);
  const datesId = `${id}-dates`;
  const datesOf = (window: typeof arrival) =>
    t('blocks.shipping-time-tip.dates', { from: formatMonthDay(window.from, locale), to: formatMonthDay(window.to, locale) });
  // The dates as the server wrote them until the shopper picks another country: the browser's first date
  // formatter costs it the loading of locale data, in the middle of hydration.
  // While hydrating (and only then) the server's words are in the page, in this very element (the
  // server's own render, also `hydrating` by this measure, has no document and formats them).
  const hydrating = useSyncExternalStore(noChange, isNotHydrating, isHydrating);
  const [dates, setDates] = useState(
    () =>
      (hydrating && typeof document !== 'undefined' ? document.getElementById(datesId)?.textContent : null) || datesOf(arrival),
  );
  const choose = (code: string) => {
    setChosen(true);
    setCountry(code);
    setDates(datesOf(deliveryWindow(now, settings, code)));
  };
  const heading = localized(settings.heading);
  return (
    <section className="shipping-tip" aria-label={heading || t('blocks.shipping-time-tip.label')}>
      {heading ? <h2>{heading}</h2> : null}
      {countries.length > 1 ? (
        <p className="shipping-tip__country">
          <label htmlFor={selectId}>{t('blocks.shipping-time-tip.country')}</label>{' '}
          <select id={selectId} value={country} onChange={(e) => choose(e.target.value)}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      <p className="shipping-tip__time">{t('blocks.shipping-time-tip.time', { min: arrival.minDays, max: arrival.maxDays })}</p>
      <p className="shipping-tip__dates" id={datesId}>
        {dates}
      </p>
    </section>
  );
}
