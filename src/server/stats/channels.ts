import { sql, type SQL } from 'drizzle-orm';
import { int, str, type Row } from './rows';
import { conversationScope, inIds, type DayRange, type Filter } from './scope';
import { bucketLabel, type Resolution } from './series';

/**
 * The per-channel line series over conversations: `measure` of the conversations (alias c) the
 * filter selects (and `extra`), per bucket and channel. Every channel type answers a row even
 * without data (label null), so each gets its dataset; channels narrows the datasets too.
 */
export function channelMeasureSql(
  input: { idOrg: number; range: DayRange; query: Filter & { resolution: Resolution } },
  bucket: SQL,
  measure: SQL,
  extra: SQL = sql`true`
): SQL {
  const { idOrg, range, query } = input;
  return sql`
    with counted as (
      select ${bucket} as bucket, c.channel_id, ${measure} as n
      from conversations c where ${conversationScope(idOrg, range, query)} and ${extra}
      group by 1, 2)
    select ch.label as grp, ${bucketLabel(sql`counted.bucket`, query.resolution)} as label, counted.n::int as value
    from channel_types ch left join counted on counted.channel_id = ch.id_channel
    ${query.channels?.length ? sql`where ${inIds(sql`ch.id_channel`, query.channels)}` : sql``}
    order by ch.id_channel`;
}

/** The datasets' names in row order (channel id order), each once. */
export function channelGroups(rows: readonly Row[]): string[] {
  return [...new Set(rows.map((row) => str(row, 'grp')))];
}

/** The (label, group, value) points of series rows (value from `column`), skipping the empty rows of groups without data. */
export function seriesPoints(rows: readonly Row[], column = 'value') {
  return rows.filter((row) => row.label !== null).map((row) => ({ label: str(row, 'label'), group: str(row, 'grp'), value: int(row, column) }));
}
