import { Chip } from '@mui/material';
import { countLabel } from '../../shared/domain/plural.ts';

/** '1 kunde', '12 kunder': a page header's count. */
export function CountChip({ count, singular, plural }: { count: number; singular: string; plural: string }) {
  return <Chip size="small" color="primary" variant="outlined" label={countLabel(count, singular, plural)} />;
}
