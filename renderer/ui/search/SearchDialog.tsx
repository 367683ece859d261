import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../icons';
import { SearchBox } from './SearchBox';

/**
 * The header's search button on phones and tablets (the bar has no room for the box below 1024 px): it
 * opens the search box at the top of the page, focused, with its suggestions under it.
 */
export function SearchDialog() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  // The box is drawn when the dialog opens, so it is focused then (and a closed dialog holds no form).
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button site-header__search-button"
        aria-label={t('search.open')}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          dialog.current?.showModal();
        }}
      >
        <SearchIcon />
      </button>
      <dialog ref={dialog} className="search-dialog" aria-label={t('search.label')} onClose={() => setOpened(false)}>
        {opened && (
          <div className="search-dialog__bar">
            <SearchBox id="dialog-search" autoFocus />
            <button type="button" className="icon-button" aria-label={t('search.close')} onClick={() => dialog.current?.close()}>
              <CloseIcon />
            </button>
          </div>
        )}
      </dialog>
    </>
  );
}
