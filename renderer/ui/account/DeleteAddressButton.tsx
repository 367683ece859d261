import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerAddress } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../state/api-context';
import { addressSummary } from './address-book';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * "Delete" for one address of the book, asked again in a dialog that names the address. `onDeleted`
 * gets the book as the server left it (the default may have moved); `onFailure` the words of a refusal.
 * Cancelled, the focus is back on the button.
 */
export function DeleteAddressButton({
  address,
  className = 'link-button',
  onDeleted,
  onFailure,
}: {
  address: CustomerAddress;
  className?: string;
  onDeleted: (book: CustomerAddress[]) => void;
  onFailure: (message: string) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const summary = addressSummary(address);

  async function remove() {
    setBusy(true);
    try {
      const book = await api.request('delete /customer/addresses/{id}', { path: { id: String(address.id) } });
      setOpen(false);
      onDeleted(book);
    } catch (error) {
      setOpen(false);
      onFailure(await errorMessage(error, t));
      trigger.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button ref={trigger} type="button" className={className} onClick={() => setOpen(true)}>
        {t('addressBook.delete')} <span className="visually-hidden">{summary}</span>
      </button>
      <ConfirmDialog
        open={open}
        title={t('addressBook.confirmTitle')}
        text={t('addressBook.confirmText', { address: summary })}
        confirmLabel={t('addressBook.confirmDelete')}
        cancelLabel={t('addressBook.cancel')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => {
          setOpen(false);
          trigger.current?.focus();
        }}
      />
    </>
  );
}
