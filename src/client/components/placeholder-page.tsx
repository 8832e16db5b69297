import ConstructionIcon from '@mui/icons-material/Construction';
import { texts } from '../../shared/texts.ts';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';

/** Stands in for a screen that a later issue builds. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={<ConstructionIcon />} title={title} description={texts.app.comingSoon} />
    </>
  );
}
