// The frame of a wallet's payment sheet, drawn by the shop (it stands for the browser's Google Pay /
// Apple Pay sheet): a modal dialog labelled by the wallet's name, focus moved in, kept inside and given back on closing, Escape
// and a click beside it close it (not while paying).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trapTab } from '../cart-popup/focus-trap';
import { CloseIcon } from '../icons';
import './sheet.css';

export function SheetFrame({
  title,
  busy,
  onClose,
  failure,
  pay,
  children,
}: {
  title: string;
  /** Paying: the sheet stays open. */
  busy: boolean;
  onClose: () => void;
  /** Why the last "Pay" did not go through (announced). */
  failure: string | null;
  /** The sheet's one button, under what it shows. */
  pay: { label: string; disabled: boolean; onPay: () => void };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const busyNow = useRef(busy);
  busyNow.current = busy;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    // Focus goes back where it was (the button that opened the sheet) when the sheet closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!busyNow.current) close.current();
      } else if (dialog.current) trapTab(event, dialog.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div
      className="wallet-sheet__backdrop"
      onPointerDown={(event) => event.target === event.currentTarget && !busyNow.current && onClose()}
    >
      <div ref={dialog} className="wallet-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="wallet-sheet__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={t('express.close')} onClick={onClose} disabled={busy}>
            <CloseIcon />
          </button>
        </div>
        {children}
        <div role="alert" className="wallet-sheet__failure">
          {failure ? <p>{failure}</p> : null}
        </div>
        <button
          type="button"
          className="button button--wide wallet-sheet__pay"
          disabled={pay.disabled}
          aria-busy={busy}
          onClick={pay.onPay}
        >
          {pay.label}
        </button>
      </div>
    </div>
  );
}
