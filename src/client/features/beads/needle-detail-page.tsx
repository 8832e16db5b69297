import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function NeedleDetailPage() {
  return <PlaceholderPage title="Perle" />;
}
