import { attentionStats } from './attention';
import { chartStats } from './charts';
import { clientStats } from './clients';
import { interactionStats } from './interactions';
import { notificationStats } from './notifications';
import { reportPages } from '../reports/paged';
import type { StatKey, StatQueries } from './types';

/**
 * Every statistic the platform serves, by catalogue entry: one SQL statement over the data and the
 * shaping of its rows. The definition of each indicator is written beside its SQL.
 */
export const STAT_QUERIES: StatQueries<StatKey> = {
  ...attentionStats,
  ...interactionStats,
  ...clientStats,
  ...chartStats,
  ...notificationStats,
  ...reportPages
};
