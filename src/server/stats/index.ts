/** The statistics of SPEC §7 as SQL over the data (issue 4): one statement per catalogue entry. */
export { STAT_KEYS, type StatKey, type StatInput, type StatQuery } from './types';
export { STAT_QUERIES } from './registry';
export { bareStatQuery, executeStat, runStat, statInput } from './run';
export { STATS_ZONE, bogotaDay, dayRange, withDefaultDays } from './scope';
