import { useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useApi } from '../../../state/api-context';
import { AccountField } from '../../../ui/account/AccountField';

const claimedText = (t: (key: string, options?: Record<string, number>) => string, count: number) =>
  count ? t('accountOrders.claim.done', { count }) : t('accountOrders.claim.none');

/**
 * Claiming guest orders: those placed with the account's own address (proven when the account was
 * activated) in one step, and those of another address with a six-digit code mailed to it.
 */
export function OrdersClaim({ email, claimable }: { email: string; claimable: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');

  const claim = async () => {
    setBusy(true);
    setProblem('');
    try {
      const { claimed } = await api.request('post /customer/orders/claim', { body: {} });
      setNotice(claimedText(t, claimed));
      await router.invalidate();
    } catch (error) {
      setProblem(await errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="account__notice" role="status">
        {notice}
      </p>
      {claimable > 0 && (
        <section className="account__card account-orders__claim" aria-labelledby="claim-title">
          <h2 id="claim-title">{t('accountOrders.claim.title', { count: claimable })}</h2>
          <p>{t('accountOrders.claim.intro', { count: claimable, email })}</p>
          <p className="account__alert" role="alert">
            {problem}
          </p>
          <button type="button" className="button" disabled={busy} onClick={claim}>
            {t('accountOrders.claim.action', { count: claimable })}
          </button>
        </section>
      )}
      <OtherAddress onClaimed={(count) => setNotice(claimedText(t, count))} />
    </>
  );
}

/** Another address of the customer's: a code is mailed to it, then entered here to claim its orders. */
function OtherAddress({ onClaimed }: { onClaimed: (count: number) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const router = useRouter();
  const id = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      await api.request('post /customer/orders/claim/code', { body: { email: email.trim() } });
      setSentTo(email.trim());
      setCode('');
    } catch (error) {
      setProblem(await errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const claimWithCode = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const { claimed } = await api.request('post /customer/orders/claim', { body: { email: sentTo, code: code.trim() } });
      setSentTo('');
      setEmail('');
      onClaimed(claimed);
      await router.invalidate();
    } catch (error) {
      setProblem(await errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="account__card account-orders__other">
      <summary>{t('accountOrders.other.title')}</summary>
      <p>{t('accountOrders.other.intro')}</p>
      <p className="account__alert" role="alert">
        {problem}
      </p>
      {sentTo ? (
        <form className="account-form" onSubmit={claimWithCode}>
          <p className="account__notice" role="status">
            {t('accountOrders.other.sent', { email: sentTo })}
          </p>
          <AccountField
            id={`${id}-code`}
            name="code"
            label={t('accountOrders.other.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('accountOrders.other.claim')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setSentTo('')}>
            {t('accountOrders.other.another')}
          </button>
        </form>
      ) : (
        <form className="account-form" onSubmit={sendCode}>
          <AccountField
            id={`${id}-email`}
            name="email"
            label={t('accountOrders.other.email')}
            type="email"
            autoComplete="email"
            maxLength={254}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('accountOrders.other.send')}
          </button>
        </form>
      )}
    </details>
  );
}
