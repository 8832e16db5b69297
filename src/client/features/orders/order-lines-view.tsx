import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { IconButton } from '@mui/material';
import { styled } from '@mui/material/styles';
import { memo } from 'react';
import { formatKr } from '../../../shared/domain/money.ts';
import type { Order, PricedLine } from '../../../shared/schemas/api-orders.ts';
import { texts } from '../../../shared/texts.ts';
import { BeadThumb } from '../../components/bead-thumb.tsx';
import { Hint } from '../../components/hint.tsx';
import { LinePrice, LineText, OfferGroup, OrderItemsHeader } from '../../components/order-lines-parts.tsx';

type OrderLinesViewProps = {
  order: Pick<Order, 'offerGroups' | 'normalLines' | 'totals'> & Partial<Pick<Order, 'discount'>>;
  /** Given only where lines may be deleted (the active order); without it the view is read-only. */
  onDeleteLine?: (line: PricedLine) => void;
  /** A line whose deletion is under way: its button is disabled. */
  busyLineId?: string | null;
  /** Given where the order's 'Rabat' may be removed (the active order). */
  onRemoveDiscount?: () => void;
};

// Static styled parts, as in components/order-lines-parts.tsx.
const Empty = styled('p')(({ theme }) => ({
  ...theme.typography.body1,
  color: theme.palette.text.secondary,
  margin: 0,
  padding: '8px 0',
}));
const Lines = styled('ul')({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
});
const NormalItem = styled('li')({ paddingLeft: 13, paddingRight: 4 });
const Row = styled('div')({ display: 'flex', alignItems: 'center', gap: 8, minHeight: 28 });
const EditableRow = styled(Row)({ minHeight: 40 });
/**
 * The lines of one order (docs/product/screens.md, 'An order's lines'): 'Varer' with the total and, in
 * brackets, the total with postage; '2 for 125' pairs grouped; a lone offer line followed by
 * '--- Mangler en makker ---'.
 */
export const OrderLinesView = memo(function OrderLinesView({
  order,
  onDeleteLine,
  busyLineId,
  onRemoveDiscount,
}: OrderLinesViewProps) {
  const { totals, offerGroups, normalLines, discount } = order;
  const isEmpty = offerGroups.length === 0 && normalLines.length === 0;
  return (
    <div>
      <OrderItemsHeader totals={totals} />
      {isEmpty ? (
        <Empty>{texts.lines.empty}</Empty>
      ) : (
        <Lines aria-label={texts.lines.items}>
          {offerGroups.map((group) => (
            <li key={group.lines[0]?.id}>
              <OfferGroup missingPartner={group.missingPartner}>
                {group.lines.map((line) => (
                  <LineRow key={line.id} line={line} onDelete={onDeleteLine} busy={busyLineId === line.id} />
                ))}
              </OfferGroup>
            </li>
          ))}
          {normalLines.map((line) => (
            <NormalItem key={line.id}>
              <LineRow line={line} onDelete={onDeleteLine} busy={busyLineId === line.id} />
            </NormalItem>
          ))}
          {discount && totals.discountOre > 0 && (
            <NormalItem>
              <DiscountRow
                label={
                  discount.kind === 'pct'
                    ? texts.money.discountLinePct(discount.value)
                    : texts.money.discountLine
                }
                amountOre={totals.discountOre}
                onRemove={onRemoveDiscount}
              />
            </NormalItem>
          )}
        </Lines>
      )}
    </div>
  );
});

function LineRow({
  line,
  onDelete,
  busy,
}: {
  line: PricedLine;
  onDelete: ((line: PricedLine) => void) | undefined;
  busy: boolean;
}) {
  const price = line.priceOre === null ? '' : formatKr(line.priceOre);
  // The bead's photo where it has one (decision 0016): a fixed 28 px, so the row does not move when it loads.
  const thumb = line.photoId ? (
    <BeadThumb photoId={line.photoId} name={line.text} size={28} rounded="square" fallback="blank" />
  ) : null;
  if (!onDelete) {
    return (
      <Row>
        {thumb}
        <LineText>{line.text}</LineText>
        <LinePrice>{price}</LinePrice>
      </Row>
    );
  }
  return (
    <EditableRow>
      {thumb}
      <LineText>{line.text}</LineText>
      <LinePrice>{price}</LinePrice>
      <Hint title={texts.lines.deleteLine}>
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
      </Hint>
    </EditableRow>
  );
}

/** The order's 'Rabat' as a line of its own, negative (docs/product/money.md); removable on the active order. */
function DiscountRow({
  label,
  amountOre,
  onRemove,
}: {
  label: string;
  amountOre: number;
  onRemove: (() => void) | undefined;
}) {
  const Wrapper = onRemove ? EditableRow : Row;
  return (
    <Wrapper>
      <LineText>{label}</LineText>
      <LinePrice>{formatKr(-amountOre)}</LinePrice>
      {onRemove && (
        <Hint title={texts.money.removeDiscount}>
          <IconButton size="small" edge="end" aria-label={texts.money.removeDiscount} onClick={onRemove}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Hint>
      )}
    </Wrapper>
  );
}
