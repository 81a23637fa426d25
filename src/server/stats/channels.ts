import { sql, type SQL } from 'drizzle-orm';
import { int, str, type Row } from './rows';
import { inIds, type Filter } from './scope';
import { bucketLabel, type Resolution } from './series';

/**
 * A per-channel line series: the counts `counted` answers (bucket, channel_id, n), labelled per
 * bucket. Every channel type answers a row even without data (label null), so each gets its
 * dataset; channels narrows the datasets too.
 */
export function channelMeasureSql(query: Filter & { resolution: Resolution }, counted: SQL): SQL {
  return sql`
    with counted as (${counted})
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
