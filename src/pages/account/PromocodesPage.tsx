// /account/promocodes: the user's promo codes with their bonus, state and uses left.
import { useLingui } from '@lingui/react/macro';
import { PromocodesList } from '../../components/account/PromocodesList.tsx';
import { AccountLayout } from './AccountLayout.tsx';

export default function PromocodesPage() {
  const { t } = useLingui();
  return (
    <AccountLayout title={t`Promo codes`}>
      <PromocodesList />
    </AccountLayout>
  );
}
