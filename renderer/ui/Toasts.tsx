import { useTranslation } from 'react-i18next';
import { useAutoClose, useShopActions, useToasts, type Toast } from '../state/shop-state';
import { CloseIcon } from './icons';

export function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const { dismissToast } = useShopActions();
  useAutoClose(toast, dismissToast);
  return (
    // The role is on the message, not the item: a list item may not take another role (axe), and the
    // close button is not part of what is announced.
    <li className={`toast toast--${toast.type}`}>
      <span className="toast__message" role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}>
        {typeof toast.message === 'function' ? toast.message(t) : toast.message}
      </span>
      <button type="button" className="toast__close" aria-label={t('toast.close')} onClick={() => dismissToast(toast.id)}>
        <CloseIcon />
      </button>
    </li>
  );
}

/** Toasts (spec: info, success, warning, error) stack from 20 px below the top, 16 px apart. */
export function Toasts() {
  const toasts = useToasts();
  return (
    <ol className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
