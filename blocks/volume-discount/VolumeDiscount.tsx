import { VolumeDiscounts } from '../../renderer/ui/product/VolumeDiscounts';
import type { BlockProps, SettingsOf } from '../types';
import type { PromotionsData } from '../shared/promotions/load';
import '../shared/promotions/promotion-block.css';

/** The product page's volume-discount table, on any page. */
export default function VolumeDiscount({ data }: BlockProps<SettingsOf<'volume-discount'>, PromotionsData>) {
  if (!data?.promotions.length) return null;
  return (
    <div className="promotion-block">
      {data.promotions.map((promotion) => (
        <VolumeDiscounts key={promotion.id} promotion={promotion} />
      ))}
    </div>
  );
}
