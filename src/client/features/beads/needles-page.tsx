import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function NeedlesPage() {
  return <PlaceholderPage title="Perler" />;
}
