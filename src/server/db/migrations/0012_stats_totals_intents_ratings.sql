ALTER TABLE "bot_day_totals" DROP CONSTRAINT "bot_day_totals_key";--> statement-breakpoint
ALTER TABLE "bot_day_totals" ADD COLUMN "intent" text;--> statement-breakpoint
ALTER TABLE "conversation_day_totals" ADD COLUMN "rated_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_day_totals" ADD COLUMN "rated_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_day_totals" ADD COLUMN "rated_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_day_totals" ADD COLUMN "rated_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_day_totals" ADD COLUMN "rated_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_day_totals" ADD CONSTRAINT "bot_day_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","id_va","response_node_id","answered","intent");--> statement-breakpoint
-- Issue 20: the ratings by score (the ratings line) and the turns by recorded intent (the intents
-- charts) are read from the daily totals too (src/server/stats/totals.ts). The same functions as
-- migration 0005, with those measures added; then every total is rebuilt from the rows.
CREATE OR REPLACE FUNCTION stats_conversation_totals(added conversations[], removed conversations[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO conversation_day_totals AS t (organization_id, day, channel_id, id_va, split_id, agent_id, city_id,
    conversations, escalated, attended, not_attended, abandoned, en_cola, activos, finalizados,
    asignacion_n, asignacion_ms, atencion_ah_n, atencion_ah_ms, atencion_av_n, atencion_av_ms, tmo_n, tmo_ms,
    rated, rated_good, nps_answers, promoters, detractors, rated_1, rated_2, rated_3, rated_4, rated_5)
  SELECT organization_id, day, channel_id, id_va, split_id, agent_id, city_id,
    sum(sign), sum(sign * esc), sum(sign * att), sum(sign * natt), sum(sign * abandoned),
    sum(sign * en_cola), sum(sign * activos), sum(sign * finalizados),
    sum(sign * (asignacion IS NOT NULL)::int), coalesce(sum(sign * asignacion), 0),
    sum(sign * (atencion_ah IS NOT NULL)::int), coalesce(sum(sign * atencion_ah), 0),
    sum(sign * (atencion_av IS NOT NULL)::int), coalesce(sum(sign * atencion_av), 0),
    sum(sign * (tmo IS NOT NULL)::int), coalesce(sum(sign * tmo), 0),
    sum(sign * (satisfaction IS NOT NULL)::int), sum(sign * coalesce(satisfaction >= 4, false)::int),
    sum(sign * (nps IS NOT NULL)::int), sum(sign * coalesce(nps >= 9, false)::int), sum(sign * coalesce(nps <= 6, false)::int),
    sum(sign * coalesce(satisfaction = 1, false)::int), sum(sign * coalesce(satisfaction = 2, false)::int),
    sum(sign * coalesce(satisfaction = 3, false)::int), sum(sign * coalesce(satisfaction = 4, false)::int),
    sum(sign * coalesce(satisfaction = 5, false)::int)
  FROM (
    SELECT r.sign, r.organization_id, (r.started_at AT TIME ZONE 'America/Bogota')::date AS day,
      r.channel_id, r.id_va, r.split_id, r.agent_id, r.city_id, r.satisfaction, r.nps,
      -- escalated: handed to a human; attended: an agent accepted it; not attended: finished without one.
      e.esc,
      e.esc * (r.accepted_at IS NOT NULL)::int AS att,
      e.esc * (r.status = 'FINALIZADA' AND r.accepted_at IS NULL)::int AS natt,
      e.esc * coalesce(r.ended_by = 'CLIENTE' AND r.accepted_at IS NULL, false)::int AS abandoned,
      e.esc * (r.status = 'EN_COLA')::int AS en_cola,
      e.esc * (r.status IN ('ASIGNADA', 'ACTIVA'))::int AS activos,
      e.esc * (r.status = 'FINALIZADA' AND r.accepted_at IS NOT NULL)::int AS finalizados,
      -- Durations in whole milliseconds; null when one end is missing (or the condition fails).
      CASE WHEN e.esc = 1 AND r.accepted_at IS NOT NULL THEN round(date_part('epoch', r.accepted_at - r.queued_at) * 1000) END AS asignacion,
      CASE WHEN r.accepted_at IS NOT NULL THEN round(date_part('epoch', r.ended_at - r.accepted_at) * 1000) END AS atencion_ah,
      round(date_part('epoch', coalesce(r.escalated_at, r.ended_at) - r.started_at) * 1000) AS atencion_av,
      round(date_part('epoch', r.ended_at - r.started_at) * 1000) AS tmo
    FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, d.* FROM unnest(removed) d) r
    CROSS JOIN LATERAL (SELECT (r.escalated_at IS NOT NULL)::int AS esc) e
  ) x
  GROUP BY organization_id, day, channel_id, id_va, split_id, agent_id, city_id
  ORDER BY organization_id, day, channel_id, id_va, split_id, agent_id, city_id
  ON CONFLICT ON CONSTRAINT conversation_day_totals_key DO UPDATE SET
    conversations = t.conversations + excluded.conversations, escalated = t.escalated + excluded.escalated,
    attended = t.attended + excluded.attended, not_attended = t.not_attended + excluded.not_attended,
    abandoned = t.abandoned + excluded.abandoned, en_cola = t.en_cola + excluded.en_cola,
    activos = t.activos + excluded.activos, finalizados = t.finalizados + excluded.finalizados,
    asignacion_n = t.asignacion_n + excluded.asignacion_n, asignacion_ms = t.asignacion_ms + excluded.asignacion_ms,
    atencion_ah_n = t.atencion_ah_n + excluded.atencion_ah_n, atencion_ah_ms = t.atencion_ah_ms + excluded.atencion_ah_ms,
    atencion_av_n = t.atencion_av_n + excluded.atencion_av_n, atencion_av_ms = t.atencion_av_ms + excluded.atencion_av_ms,
    tmo_n = t.tmo_n + excluded.tmo_n, tmo_ms = t.tmo_ms + excluded.tmo_ms,
    rated = t.rated + excluded.rated, rated_good = t.rated_good + excluded.rated_good,
    nps_answers = t.nps_answers + excluded.nps_answers, promoters = t.promoters + excluded.promoters,
    detractors = t.detractors + excluded.detractors,
    rated_1 = t.rated_1 + excluded.rated_1, rated_2 = t.rated_2 + excluded.rated_2, rated_3 = t.rated_3 + excluded.rated_3,
    rated_4 = t.rated_4 + excluded.rated_4, rated_5 = t.rated_5 + excluded.rated_5;

  INSERT INTO customer_day_totals AS t (organization_id, day, customer_id, conversations, escalated)
  SELECT r.organization_id, (r.started_at AT TIME ZONE 'America/Bogota')::date, r.customer_id,
    sum(r.sign), sum(r.sign * (r.escalated_at IS NOT NULL)::int)
  FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, d.* FROM unnest(removed) d) r
  GROUP BY 1, 2, 3
  HAVING sum(r.sign) <> 0 OR sum(r.sign * (r.escalated_at IS NOT NULL)::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT customer_day_totals_key DO UPDATE SET
    conversations = t.conversations + excluded.conversations, escalated = t.escalated + excluded.escalated;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_bot_totals(added bot_interactions[], removed bot_interactions[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO bot_day_totals AS t (organization_id, day, id_va, response_node_id, answered, intent, turns)
  SELECT r.organization_id, (r.interaction_time AT TIME ZONE 'America/Bogota')::date, r.id_va, r.response_node_id, r.answered, r.intent, sum(r.sign)
  FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, d.* FROM unnest(removed) d) r
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(r.sign) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT bot_day_totals_key DO UPDATE SET turns = t.turns + excluded.turns;
$$;
--> statement-breakpoint
DROP TRIGGER stats_bot_updated ON bot_interactions;
--> statement-breakpoint
CREATE TRIGGER stats_bot_updated AFTER UPDATE ON bot_interactions FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.interaction_time, OLD.id_va, OLD.response_node_id, OLD.answered, OLD.intent)
        IS DISTINCT FROM (NEW.organization_id, NEW.interaction_time, NEW.id_va, NEW.response_node_id, NEW.answered, NEW.intent))
  EXECUTE FUNCTION stats_bot_changed();
--> statement-breakpoint
SELECT stats_totals_rebuild(NULL);
