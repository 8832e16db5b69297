import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { formatKr } from '../../shared/domain/money.ts';
import type { Order, PricedLine } from '../../shared/schemas/api-orders.ts';
import { texts } from '../../shared/texts.ts';

type OrderLinesViewProps = {
  order: Pick<Order, 'offerGroups' | 'normalLines' | 'totals'>;
  /** Given only where lines may be deleted (the active order); without it the view is read-only. */
  onDeleteLine?: (line: PricedLine) => void;
  /** A line whose deletion is under way: its button is disabled. */
  busyLineId?: string | null;
};

/**
 * The lines of one order (SPEC.md 'Shared order-lines view'): 'Varer' with the total and, in brackets,
 * the total with postage; '2 for 125' pairs grouped; a lone offer line followed by '--- Mangler en makker ---'.
 */
export function OrderLinesView({ order, onDeleteLine, busyLineId }: OrderLinesViewProps) {
  const { totals, offerGroups, normalLines } = order;
  const isEmpty = offerGroups.length === 0 && normalLines.length === 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {texts.lines.items}
        </Typography>
        <Typography component="p" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatKr(totals.totalOre)}{' '}
          <Tooltip title={texts.lines.withShipping(formatKr(totals.totalWithShippingOre))}>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
              ({formatKr(totals.totalWithShippingOre)})
            </Box>
          </Tooltip>
        </Typography>
      </Box>
      {isEmpty ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {texts.lines.empty}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={texts.lines.items}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}
        >
          {offerGroups.map((group) => (
            <Box component="li" key={group.lines[0]?.id}>
              <Box
                role="group"
                aria-label={texts.lines.offerGroup}
                sx={(theme) => ({
                  borderLeft: 3,
                  borderColor: group.missingPartner ? 'warning.main' : 'primary.main',
                  bgcolor: alpha(
                    group.missingPartner ? theme.palette.warning.main : theme.palette.primary.main,
                    0.06,
                  ),
                  borderRadius: 1,
                  pl: 1.25,
                  pr: 0.5,
                  py: 0.5,
                })}
              >
                <Typography
                  variant="caption"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.5,
                    color: 'text.secondary',
                    fontWeight: 600,
                  }}
                >
                  <LocalOfferOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
                  {texts.lines.offerGroup}
                </Typography>
                {group.lines.map((line) => (
                  <LineRow key={line.id} line={line} onDelete={onDeleteLine} busy={busyLineId === line.id} />
                ))}
                {group.missingPartner && (
                  <Typography variant="body2" sx={{ color: 'warning.dark', fontStyle: 'italic', py: 0.25 }}>
                    {texts.lines.missingPartner}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
          {normalLines.map((line) => (
            <Box component="li" key={line.id} sx={{ pl: 1.25 + 0.375, pr: 0.5 }}>
              <LineRow line={line} onDelete={onDeleteLine} busy={busyLineId === line.id} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function LineRow({
  line,
  onDelete,
  busy,
}: {
  line: PricedLine;
  onDelete: ((line: PricedLine) => void) | undefined;
  busy: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: onDelete ? 40 : 28 }}>
      <Typography sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{line.text}</Typography>
      <Typography sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
        {line.priceOre === null ? '' : formatKr(line.priceOre)}
      </Typography>
      {onDelete && (
        <Tooltip title={texts.lines.deleteLine}>
          <span>
            <IconButton
              size="small"
              edge="end"
              aria-label={texts.lines.deleteLineNamed(line.text)}
              disabled={busy}
              onClick={() => onDelete(line)}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}
