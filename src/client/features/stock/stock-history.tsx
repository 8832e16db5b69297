import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Card, CardContent, List, ListItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { formatDayMonthTime } from '../../../shared/domain/dates.ts';
import { signedQuantity } from '../../../shared/domain/stock.ts';
import type { StockMovement } from '../../../shared/schemas/api-stock.ts';
import { texts } from '../../../shared/texts.ts';
import { useUndoMovement } from './undo-toast.ts';

const t = texts.stock;

/** What a movement was, in her words: "Solgt til Anna", "Ret · knækket", "Modtaget · lagt i 2 ordrer". */
export function movementText(movement: StockMovement): string {
  switch (movement.kind) {
    case 'sale':
      return movement.customerName ? t.soldTo(movement.customerName) : t.kinds.sale;
    case 'return':
      return movement.customerName ? t.returnedFrom(movement.customerName) : t.kinds.return;
    case 'adjust':
      return movement.reason ? `${t.kinds.adjust} · ${movement.reason}` : t.kinds.adjust;
    case 'received':
      return movement.filledOrders > 0
        ? `${t.kinds.received} · ${t.filledOrders(movement.filledOrders)}`
        : t.kinds.received;
    default:
      return t.kinds[movement.kind];
  }
}

/**
 * 'Lagerhistorik' on the bead's page: the newest movements from the first count on, each with its moment, what
 * it was, its quantity and the stock after it; 'Fortryd' on her latest own one (docs/product/stock.md).
 */
export function StockHistory({ movements }: { movements: StockMovement[] }) {
  const id = useId();
  const undo = useUndoMovement();
  const [undoing, setUndoing] = useState<string | null>(null);
  const undoThis = async (movement: StockMovement) => {
    setUndoing(movement.id);
    await undo(movement.id, movement.filledOrders > 0 ? t.fill.undone : t.undone);
    setUndoing(null);
  };
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Typography id={`${id}-title`} variant="h2" gutterBottom>
          {t.historyTitle}
        </Typography>
        {movements.length === 0 ? (
          <Typography color="text.secondary">{t.historyEmpty}</Typography>
        ) : (
          <List disablePadding aria-labelledby={`${id}-title`}>
            {movements.map((movement) => (
              <ListItem
                key={movement.id}
                divider
                disableGutters
                sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1 }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{movementText(movement)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDayMonthTime(movement.at)}
                  </Typography>
                  {movement.undoable && (
                    <Button
                      size="small"
                      startIcon={<UndoIcon />}
                      disabled={undoing !== null}
                      onClick={() => undoThis(movement)}
                      aria-label={t.undoLabel(movementText(movement))}
                      sx={{ ml: -0.75, mt: 0.25 }}
                    >
                      {t.undo}
                    </Button>
                  )}
                </Box>
                <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                  <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                    {signedQuantity(movement.kind, movement.quantity)}
                  </Typography>
                  {movement.stockAfter !== null && (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {t.afterMovement(movement.stockAfter)}
                    </Typography>
                  )}
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
