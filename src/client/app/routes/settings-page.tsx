import { Stack } from '@mui/material';
import { texts } from '../../../shared/texts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { BackupsCard } from '../../features/settings/backups-card.tsx';
import { ExportCard } from '../../features/settings/export-card.tsx';
import { ImportCard } from '../../features/settings/import-card.tsx';
import { PhoneCard } from '../../features/settings/phone-card.tsx';
import { ShopSettingsCard } from '../../features/settings/shop-settings-card.tsx';

/**
 * Indstillinger (/settings): the shop itself (name, postage, payment, bill texts), how a phone reaches it
 *, and its data in (import), out (export) and kept safe (backups).
 */
export function SettingsPage() {
  return (
    <>
      <PageHeader title={texts.data.title} />
      <Stack spacing={2}>
        <ShopSettingsCard />
        <PhoneCard />
        <ImportCard />
        <ExportCard />
        <BackupsCard />
      </Stack>
    </>
  );
}
