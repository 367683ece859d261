import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import type { CartGift, GiftChoice, GiftOffer as GiftOfferValue } from '../../../schemas/generated/api';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { Money } from '../Money';
import { Thumbnail } from '../Thumbnail';

const optionText = (options: { name: string; value: string }[]) => options.map((o) => `${o.name}: ${o.value}`).join(' · ');

/**
 * The cart's free gift (issue 8): the chosen gift as a line marked "Free gift" with a way to take it
 * out; else, for each gift promotion, the choices as radio cards once the cart reaches it, or how much
 * more to spend. Picking is confirmed with a button (not on each radio change), so moving through the
 * choices with the arrow keys never sends a request.
 */
export function GiftOffer({
  gift,
  offers,
  onPick,
  onRemove,
}: {
  gift: CartGift | null;
  offers: GiftOfferValue[];
  onPick: (choice: GiftChoice, offer: GiftOfferValue) => void;
  onRemove: (gift: CartGift) => void;
}) {
  const { t } = useTranslation();
  if (gift) return <ChosenGift gift={gift} onRemove={onRemove} />;
  if (!offers.length) return null;
  return (
    <section className="cart__gifts" aria-label={t('cart.gift.offers')}>
      {offers.map((offer) =>
        offer.reached ? (
          <GiftChoices key={offer.promotionId} offer={offer} onPick={(choice) => onPick(choice, offer)} />
        ) : (
          <p key={offer.promotionId} className="cart__gift-hint">
            <MoreToSpend offer={offer} />
          </p>
        ),
      )}
    </section>
  );
}

function MoreToSpend({ offer }: { offer: GiftOfferValue }) {
  const { t } = useTranslation();
  const money = useMoney();
  return <>{t('cart.gift.hint', { amount: money(offer.moreSpend), promotion: offer.title })}</>;
}

function ChosenGift({ gift, onRemove }: { gift: CartGift; onRemove: (gift: CartGift) => void }) {
  const { t } = useTranslation();
  return (
    <section className="cart__gifts" aria-label={t('cart.gift.chosen')}>
      <ul className="cart__lines">
        <li className="cart__line cart__line--gift">
          {gift.image && <Thumbnail image={gift.image} />}
          <div>
            <p className="cart__gift-badge">{t('cart.gift.badge')}</p>
            <Link to="/products/$handle" params={{ handle: gift.handle }} search={{ variant: gift.skuId }}>
              {gift.title}
            </Link>
            <p className="cart__options">{optionText(gift.options)}</p>
          </div>
          <div className="cart__line-actions">
            <button
              type="button"
              className="link-button"
              aria-label={t('cart.gift.removeLabel', { title: gift.title })}
              onClick={() => onRemove(gift)}
            >
              {t('cart.remove')}
            </button>
          </div>
          <Money className="cart__line-total" value={gift.price} />
        </li>
      </ul>
    </section>
  );
}

function GiftChoices({ offer, onPick }: { offer: GiftOfferValue; onPick: (choice: GiftChoice) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const firstAvailable = offer.choices.find((c) => c.available);
  const [selected, setSelected] = useState<number | null>(firstAvailable?.skuId ?? null);
  const chosen = offer.choices.find((c) => c.skuId === selected && c.available);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onPick(chosen);
  };
  return (
    <form className="cart__gift-form" onSubmit={submit}>
      <fieldset>
        <legend>{t('cart.gift.choose')}</legend>
        <p className="cart__gift-promotion">{offer.title}</p>
        <div className="cart__gift-choices">
          {offer.choices.map((choice) => (
            <label key={choice.skuId} className="cart__gift-choice">
              <input
                type="radio"
                name={name}
                value={choice.skuId}
                checked={selected === choice.skuId}
                disabled={!choice.available}
                onChange={() => setSelected(choice.skuId)}
              />
              {choice.image && <Thumbnail image={choice.image} />}
              <span>
                <span className="cart__gift-title">{choice.title}</span>
                <span className="cart__options">{optionText(choice.options)}</span>
                {!choice.available && <span className="cart__warning">{t('cart.gift.soldOut')}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button" disabled={!chosen}>
        {t('cart.gift.add')}
      </button>
    </form>
  );
}
