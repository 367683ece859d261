import { Bundle } from '../../renderer/ui/product/Bundle';
import type { BlockProps, SettingsOf } from '../types';
import type { PromotionsData } from '../shared/promotions/load';
import '../shared/promotions/promotion-block.css';

/** The product page's bundle offers, on any page. */
export default function BundleBlock({ data }: BlockProps<SettingsOf<'bundle'>, PromotionsData>) {
  if (!data?.promotions.length) return null;
  return (
    <div className="promotion-block">
      {data.promotions.map((promotion) => (
        <Bundle key={promotion.id} promotion={promotion} />
      ))}
    </div>
  );
}
