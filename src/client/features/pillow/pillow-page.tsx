import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function PillowPage() {
  return <PlaceholderPage title="Puden" />;
}
