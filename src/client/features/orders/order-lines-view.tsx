import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { alpha, styled } from '@mui/material/styles';
import { memo } from 'react';
import { formatKr } from '../../../shared/domain/money.ts';
import type { Order, PricedLine } from '../../../shared/schemas/api-orders.ts';
import { texts } from '../../../shared/texts.ts';

type OrderLinesViewProps = {
  order: Pick<Order, 'offerGroups' | 'normalLines' | 'totals'>;
  /** Given only where lines may be deleted (the active order); without it the view is read-only. */
  onDeleteLine?: (line: PricedLine) => void;
  /** A line whose deletion is under way: its button is disabled. */
  busyLineId?: string | null;
};

// Static styled parts rather than sx props: Puden shows this view for every active order, and styles
// made once render far faster than per-element sx objects.
const Header = styled('div')({ display: 'flex', alignItems: 'baseline', gap: 8, marginBottom: 8 });
const Heading = styled('h3')(({ theme }) => ({
  ...theme.typography.body1,
  fontWeight: 700,
  margin: 0,
  flexGrow: 1,
}));
const Totals = styled('p')(({ theme }) => ({
  ...theme.typography.body1,
  fontWeight: 700,
  margin: 0,
  whiteSpace: 'nowrap',
}));
const WithShipping = styled('span')(({ theme }) => ({
  color: theme.palette.text.secondary,
  fontWeight: 500,
}));
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
const Group = styled('div', { shouldForwardProp: (prop) => prop !== 'incomplete' })<{ incomplete: boolean }>(
  ({ theme, incomplete }) => {
    const color = incomplete ? theme.palette.warning.main : theme.palette.primary.main;
    return {
      borderLeft: `3px solid ${color}`,
      backgroundColor: alpha(color, 0.06),
      borderRadius: Number(theme.shape.borderRadius) / 1.5,
      padding: '4px 4px 4px 10px',
    };
  },
);
const GroupLabel = styled('span')(({ theme }) => ({
  ...theme.typography.caption,
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  color: theme.palette.text.secondary,
  fontWeight: 600,
}));
const MissingPartner = styled('p')(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.warning.dark,
  fontStyle: 'italic',
  margin: 0,
  padding: '2px 0',
}));
const Row = styled('div')({ display: 'flex', alignItems: 'center', gap: 8, minHeight: 28 });
const EditableRow = styled(Row)({ minHeight: 40 });
const LineText = styled('span')(({ theme }) => ({
  ...theme.typography.body1,
  flexGrow: 1,
  minWidth: 0,
  overflowWrap: 'anywhere',
}));
const LinePrice = styled('span')(({ theme }) => ({
  ...theme.typography.body1,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  color: theme.palette.text.secondary,
}));

/**
 * The lines of one order (SPEC.md 'Shared order-lines view'): 'Varer' with the total and, in brackets,
 * the total with postage; '2 for 125' pairs grouped; a lone offer line followed by '--- Mangler en makker ---'.
 */
export const OrderLinesView = memo(function OrderLinesView({
  order,
  onDeleteLine,
  busyLineId,
}: OrderLinesViewProps) {
  const { totals, offerGroups, normalLines } = order;
  const isEmpty = offerGroups.length === 0 && normalLines.length === 0;
  const withShipping = formatKr(totals.totalWithShippingOre);
  return (
    <div>
      <Header>
        <Heading>{texts.lines.items}</Heading>
        <Totals>
          {formatKr(totals.totalOre)}{' '}
          <WithShipping title={texts.lines.withShipping(withShipping)}>({withShipping})</WithShipping>
        </Totals>
      </Header>
      {isEmpty ? (
        <Empty>{texts.lines.empty}</Empty>
      ) : (
        <Lines aria-label={texts.lines.items}>
          {offerGroups.map((group) => (
            <li key={group.lines[0]?.id}>
              <Group role="group" aria-label={texts.lines.offerGroup} incomplete={group.missingPartner}>
                <GroupLabel>
                  <LocalOfferOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
                  {texts.lines.offerGroup}
                </GroupLabel>
                {group.lines.map((line) => (
                  <LineRow key={line.id} line={line} onDelete={onDeleteLine} busy={busyLineId === line.id} />
                ))}
                {group.missingPartner && <MissingPartner>{texts.lines.missingPartner}</MissingPartner>}
              </Group>
            </li>
          ))}
          {normalLines.map((line) => (
            <NormalItem key={line.id}>
              <LineRow line={line} onDelete={onDeleteLine} busy={busyLineId === line.id} />
            </NormalItem>
          ))}
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
  if (!onDelete) {
    return (
      <Row>
        <LineText>{line.text}</LineText>
        <LinePrice>{price}</LinePrice>
      </Row>
    );
  }
  return (
    <EditableRow>
      <LineText>{line.text}</LineText>
      <LinePrice>{price}</LinePrice>
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
    </EditableRow>
  );
}
