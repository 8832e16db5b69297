import { Stack } from '@mui/material';
import { texts } from '../../../shared/texts.ts';
import { useBackups } from '../../api/data.ts';
import { useMessageSettings } from '../../api/outgoing.ts';
import { usePhoneSetup } from '../../api/phone.ts';
import { useShopSettings } from '../../api/settings.ts';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { BackupsCard } from '../../features/settings/backups-card.tsx';
import { ExportCard } from '../../features/settings/export-card.tsx';
import { ImportCard } from '../../features/settings/import-card.tsx';
import { MessageSettingsCard } from '../../features/settings/message-settings-card.tsx';
import { PhoneCard } from '../../features/settings/phone-card.tsx';
import { ShopSettingsCard } from '../../features/settings/shop-settings-card.tsx';

/**
 * Indstillinger (/settings): the shop itself (name, postage, payment, bill texts), the texts that go out to
 * customers (Beskeder), how a phone reaches it, and its data in (import), out (export) and kept safe (backups).
 */
export function SettingsPage() {
  // The cards come together, once what they show is here (each tells its own failure): one card's answer coming
  // after another's would push the cards below it away while she reaches for them.
  const answers = [useShopSettings(), useMessageSettings(), usePhoneSetup(), useBackups()];
  if (answers.some((answer) => answer.isPending)) {
    return (
      <>
        <PageHeader title={texts.data.title} />
        <LoadingState label={texts.app.loading} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={texts.data.title} />
      <Stack spacing={2}>
        <ShopSettingsCard />
        <MessageSettingsCard />
        <PhoneCard />
        <ImportCard />
        <ExportCard />
        <BackupsCard />
      </Stack>
    </>
  );
}
