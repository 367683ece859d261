import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../renderer/state/api-context';
import { usePageHandle } from '../../renderer/state/page-context';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { useFunnelStep } from '../../renderer/state/funnel-step';
import { useRenderTime } from '../../renderer/state/render-time';
import type { BlockProps, SettingsOf } from '../types';
import { clockOffset, timeLeft } from '../shared/time-left';
import './countdown.css';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The moment the countdown reaches zero. Evergreen: on a funnel step the server draws the page with the
 * visitor's own deadline (kept from their first visit: a reload does not reset it); elsewhere the
 * server's first draw is a new visitor's (the full time from now) and, once the page is live, the
 * visitor's deadline is asked of the server.
 */
function useDeadline(id: string, settings: SettingsOf<'countdown'>, serverNow: number): number {
  const page = usePageHandle();
  const api = useApi();
  const given = useFunnelStep()?.evergreen?.[id];
  const evergreen = settings.mode === 'evergreen' && settings.minutes !== undefined;
  const [kept, setKept] = useState<number | null>(null);
  useEffect(() => {
    if (!evergreen || !page || given) return;
    let live = true;
    api.funnel
      .evergreen(page, id)
      .then((answer) => {
        // The server's moment: the clock ticks by the server's time too (clockOffset).
        if (live) setKept(Date.parse(answer.deadline));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, evergreen, page, id, given]);
  if (!evergreen) return Date.parse(settings.endsAt ?? '');
  if (given) return Date.parse(given);
  return kept ?? serverNow + settings.minutes! * 60_000;
}

/**
 * Counts down to `endsAt`. The first render (server, then hydration) uses the server's clock of the
 * page view, so both draw the same digits; after hydration it ticks with the visitor's clock.
 */
export default function Countdown({ id, settings }: BlockProps<SettingsOf<'countdown'>>) {
  const { t } = useTranslation();
  const text = useLocalized();
  const serverNow = useRenderTime();
  const deadline = useDeadline(id, settings, serverNow);
  const [now, setNow] = useState(serverNow);

  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const offset = clockOffset(serverNow, Date.now());
    // Visitors who ask for less motion get a clock that changes once a second, not every frame.
    const smooth = settings.showMilliseconds && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    let visible = true;
    const stop = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = timer = undefined;
    };
    const tick = () => {
      const current = Date.now() + offset;
      setNow(current);
      if (current >= deadline || !visible) return;
      if (smooth) frame = requestAnimationFrame(tick);
      else timer = setTimeout(tick, 1000 - (current % 1000));
    };
    // Off screen it does not tick (no work for a clock nobody sees); back in view it catches up.
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(([entry]) => {
            visible = Boolean(entry?.isIntersecting);
            stop();
            if (visible) tick();
          });
    if (observer && root.current) observer.observe(root.current);
    else tick();
    return () => {
      observer?.disconnect();
      stop();
    };
  }, [serverNow, deadline, settings.showMilliseconds]);

  const left = timeLeft(deadline, now);
  if (left.ended && settings.hideWhenEnded) return null;
  const heading = text(settings.heading);
  const groups: [string, string][] = [
    [pad(left.days), t('blocks.countdown.days')],
    [pad(left.hours), t('blocks.countdown.hours')],
    [pad(left.minutes), t('blocks.countdown.minutes')],
    [pad(left.seconds), t('blocks.countdown.seconds')],
  ];
  if (settings.showMilliseconds) groups.push([pad(left.milliseconds, 3), t('blocks.countdown.milliseconds')]);

  return (
    <div ref={root} className={`countdown countdown--${settings.align}`}>
      {heading && <h2 className="countdown__heading">{heading}</h2>}
      {left.ended ? (
        <p className="countdown__ended">{text(settings.endedText) || t('blocks.countdown.ended')}</p>
      ) : (
        <div role="timer" className="countdown__timer">
          <span className="visually-hidden">
            {t('blocks.countdown.timeLeft', {
              days: t('blocks.countdown.dayCount', { count: left.days }),
              hours: t('blocks.countdown.hourCount', { count: left.hours }),
              minutes: t('blocks.countdown.minuteCount', { count: left.minutes }),
            })}
          </span>
          <ol className="countdown__groups" aria-hidden="true">
            {groups.map(([digits, label]) => (
              <li key={label} className="countdown__group">
                <span className="countdown__digits">{digits}</span>
                <span className="countdown__label">{label}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
