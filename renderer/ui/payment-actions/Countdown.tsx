import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockText, crossedMoment, parts, remainingMs } from './countdown';

/** The time left in words ("14 minutes and 5 seconds"), for screen readers and announcements. */
export function useTimeWords() {
  const { t } = useTranslation();
  return (ms: number) => {
    const { minutes, seconds } = parts(ms);
    const m = t('paymentAction.countdown.minutes', { count: minutes });
    const s = t('paymentAction.countdown.seconds', { count: seconds });
    if (!minutes) return s;
    if (!seconds) return m;
    return t('paymentAction.countdown.minutesAndSeconds', { minutes: m, seconds: s });
  };
}

/**
 * The countdown to the order's cancelation: a clock that ticks each second (shown once the page runs in
 * the browser, so the server's HTML never shows a stale time), the time in words beside it for screen
 * readers, and a polite announcement at a few moments (10, 5, 2, 1 minutes, 30 seconds), never every
 * second. `onEnd` is called once, when no time is left.
 */
export function Countdown({ deadline, onEnd }: { deadline: number; onEnd: () => void }) {
  const { t } = useTranslation();
  const words = useTimeWords();
  const [now, setNow] = useState<number | null>(null);
  const [announced, setAnnounced] = useState('');
  const ended = useRef(false);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;

  useEffect(() => {
    let last = remainingMs(deadline, Date.now());
    const tick = () => {
      const current = Date.now();
      const left = remainingMs(deadline, current);
      const moment = crossedMoment(last, left);
      if (moment !== null) setAnnounced(t('paymentAction.countdown.left', { time: words(left) }));
      last = left;
      setNow(current);
      if (left === 0 && !ended.current) {
        ended.current = true;
        onEndRef.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
    // `t` and `words` change with the language only; the deadline decides the clock.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `t` and `words` change with the language only
  }, [deadline]);

  const left = now === null ? null : remainingMs(deadline, now);
  return (
    <div className="payment-countdown">
      <p className="payment-countdown__label" id="payment-countdown-label">
        {t('paymentAction.countdown.label')}
      </p>
      <p className="payment-countdown__clock" role="timer" aria-labelledby="payment-countdown-label">
        {left === null ? null : (
          <>
            <span aria-hidden="true">{clockText(left)}</span>
            <span className="visually-hidden">{words(left)}</span>
          </>
        )}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </p>
    </div>
  );
}
