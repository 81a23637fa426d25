import type { ReactNode } from 'react';
import { Caption1, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { INDICATOR_KINDS, UI, isIndicatorId, type IndicatorKind } from '../../shared/constants';
import { formatDuration, formatDurationWords, formatIndicator, formatNumber, toNumber, type NumberInput } from '../../shared/format';
import type { LoadStatus } from '../app/load-state';

const useStyles = makeStyles({
  tile: { minWidth: '200px', flex: '1 1 200px', padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  detail: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 }
});

export interface IndicatorTileProps {
  /** A SPEC §9 indicator id (TMO, FCR… NS, RU, NPS) or another figure's id; the value element carries it as data-indicator. */
  id: string;
  /** The Spanish label; also the tile's accessible name. */
  label: string;
  status: LoadStatus;
  value: NumberInput;
  /** How to show the value when `id` is not a SPEC §9 id (those know their kind: ' %' on percentages). */
  kind?: IndicatorKind;
  /** A line under the value (e.g. 'de 120 chats escalados'), shown only when resolved. */
  detail?: ReactNode;
  /** The SPEC §8 text shown under the '--' of a failed load. */
  errorText?: string;
}

/** The text of a tile: '--' unless resolved with a number (SPEC §4); the kind's format otherwise. */
export function tileText(id: string, status: LoadStatus, value: NumberInput, kind?: IndicatorKind): string {
  if (status !== 'resolved' || !Number.isFinite(toNumber(value))) return UI.indicatorPlaceholder;
  if (!kind) return formatIndicator(id, value);
  const n = toNumber(value);
  if (kind === 'percent') return `${formatNumber(n)} %`;
  if (kind === 'duration') return formatDuration(n) || UI.indicatorPlaceholder;
  return formatNumber(n);
}

/** A duration tile's value in words ('7 min 24 s'), its tooltip: 'm.ss min' reads like a decimal. */
export function tileTooltip(id: string, status: LoadStatus, value: NumberInput, kind?: IndicatorKind): string | undefined {
  const shownKind = kind ?? (isIndicatorId(id) ? INDICATOR_KINDS[id] : 'count');
  if (shownKind !== 'duration' || status !== 'resolved') return undefined;
  return formatDurationWords(value) || undefined;
}

/** One indicator tile (SPEC §4): '--' while pending or after a failure, the value when resolved. */
export function IndicatorTile({ id, label, status, value, kind, detail, errorText }: IndicatorTileProps) {
  const styles = useStyles();
  return (
    <Card className={styles.tile} role="group" aria-label={label} aria-busy={status === 'pending' || undefined}>
      <Text as="h3" className={styles.label} style={{ margin: 0 }}>
        {label}
      </Text>
      <Text className={styles.value} data-indicator={id} title={tileTooltip(id, status, value, kind)}>
        {tileText(id, status, value, kind)}
      </Text>
      {status === 'resolved' && detail ? <Caption1 className={styles.detail}>{detail}</Caption1> : null}
      {status === 'rejected' && errorText ? <Caption1 className={styles.error}>{errorText}</Caption1> : null}
    </Card>
  );
}
