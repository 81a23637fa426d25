CREATE TABLE "bot_day_totals" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"id_va" integer NOT NULL,
	"response_node_id" integer,
	"answered" boolean NOT NULL,
	"turns" integer NOT NULL,
	CONSTRAINT "bot_day_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","id_va","response_node_id","answered")
);
--> statement-breakpoint
CREATE TABLE "conversation_day_totals" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	"id_va" integer NOT NULL,
	"split_id" integer,
	"agent_id" integer,
	"city_id" integer,
	"conversations" integer NOT NULL,
	"escalated" integer NOT NULL,
	"attended" integer NOT NULL,
	"not_attended" integer NOT NULL,
	"abandoned" integer NOT NULL,
	"en_cola" integer NOT NULL,
	"activos" integer NOT NULL,
	"finalizados" integer NOT NULL,
	"asignacion_n" integer NOT NULL,
	"asignacion_ms" double precision NOT NULL,
	"atencion_ah_n" integer NOT NULL,
	"atencion_ah_ms" double precision NOT NULL,
	"atencion_av_n" integer NOT NULL,
	"atencion_av_ms" double precision NOT NULL,
	"tmo_n" integer NOT NULL,
	"tmo_ms" double precision NOT NULL,
	"rated" integer NOT NULL,
	"rated_good" integer NOT NULL,
	"nps_answers" integer NOT NULL,
	"promoters" integer NOT NULL,
	"detractors" integer NOT NULL,
	CONSTRAINT "conversation_day_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","channel_id","id_va","split_id","agent_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "customer_day_totals" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"customer_id" integer,
	"conversations" integer NOT NULL,
	"escalated" integer NOT NULL,
	CONSTRAINT "customer_day_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","customer_id")
);
--> statement-breakpoint
CREATE INDEX "conversations_escalated_stats_idx" ON "conversations" USING btree ("organization_id","started_at","channel_id","id_va","split_id","agent_id","customer_id","city_id","status","accepted_at","automatic_transfer_reason_id","not_attended_event_id","id_conv") WHERE "conversations"."escalated_at" is not null;--> statement-breakpoint
-- The triggers that keep the daily totals (src/server/db/schema/stats-totals.ts). Each measure is
-- defined once, here, per conversation (and per assistant turn); src/server/stats/summaries.ts
-- computes the same measures from the raw rows when the filter needs them, and
-- tests/integration/server/stats-totals.test.ts checks that both answer the same.
-- stats_conversation_totals adds the rows `added` and subtracts the rows `removed`.
CREATE FUNCTION stats_conversation_totals(added conversations[], removed conversations[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO conversation_day_totals AS t (organization_id, day, channel_id, id_va, split_id, agent_id, city_id,
    conversations, escalated, attended, not_attended, abandoned, en_cola, activos, finalizados,
    asignacion_n, asignacion_ms, atencion_ah_n, atencion_ah_ms, atencion_av_n, atencion_av_ms, tmo_n, tmo_ms,
    rated, rated_good, nps_answers, promoters, detractors)
  SELECT organization_id, day, channel_id, id_va, split_id, agent_id, city_id,
    sum(sign), sum(sign * esc), sum(sign * att), sum(sign * natt), sum(sign * abandoned),
    sum(sign * en_cola), sum(sign * activos), sum(sign * finalizados),
    sum(sign * (asignacion IS NOT NULL)::int), coalesce(sum(sign * asignacion), 0),
    sum(sign * (atencion_ah IS NOT NULL)::int), coalesce(sum(sign * atencion_ah), 0),
    sum(sign * (atencion_av IS NOT NULL)::int), coalesce(sum(sign * atencion_av), 0),
    sum(sign * (tmo IS NOT NULL)::int), coalesce(sum(sign * tmo), 0),
    sum(sign * (satisfaction IS NOT NULL)::int), sum(sign * coalesce(satisfaction >= 4, false)::int),
    sum(sign * (nps IS NOT NULL)::int), sum(sign * coalesce(nps >= 9, false)::int), sum(sign * coalesce(nps <= 6, false)::int)
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
    detractors = t.detractors + excluded.detractors;

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
CREATE FUNCTION stats_bot_totals(added bot_interactions[], removed bot_interactions[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO bot_day_totals AS t (organization_id, day, id_va, response_node_id, answered, turns)
  SELECT r.organization_id, (r.interaction_time AT TIME ZONE 'America/Bogota')::date, r.id_va, r.response_node_id, r.answered, sum(r.sign)
  FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, d.* FROM unnest(removed) d) r
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(r.sign) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT bot_day_totals_key DO UPDATE SET turns = t.turns + excluded.turns;
$$;
--> statement-breakpoint
-- One trigger function per table: a statement's inserted rows (transition table added) or deleted rows
-- (removed), one updated row (NEW replaces OLD), or a truncate, which empties the totals it fed
-- (TRUNCATE fires no delete trigger).
CREATE FUNCTION stats_conversations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_conversation_totals(array(SELECT a::conversations FROM added a), '{}');
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM conversation_day_totals;
    DELETE FROM customer_day_totals;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_conversation_totals('{}', array(SELECT d::conversations FROM removed d));
  ELSE
    PERFORM stats_conversation_totals(array[NEW], array[OLD]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_bot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_bot_totals(array(SELECT a::bot_interactions FROM added a), '{}');
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM bot_day_totals;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_bot_totals('{}', array(SELECT d::bot_interactions FROM removed d));
  ELSE
    PERFORM stats_bot_totals(array[NEW], array[OLD]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes an organisation's totals (all of them when org is null) from the raw rows, a day at a time,
-- through the same functions as the triggers. The activity generator calls it after writing with the
-- triggers off (session_replication_role = replica); the migration calls it once for the existing rows.
CREATE FUNCTION stats_totals_rebuild(org integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  DELETE FROM conversation_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM customer_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM bot_day_totals WHERE org IS NULL OR organization_id = org;
  FOR d IN SELECT DISTINCT c.organization_id AS o, (c.started_at AT TIME ZONE 'America/Bogota')::date AS day
           FROM conversations c WHERE org IS NULL OR c.organization_id = org LOOP
    PERFORM stats_conversation_totals(array(
      SELECT c FROM conversations c WHERE c.organization_id = d.o
        AND c.started_at >= (d.day::timestamp AT TIME ZONE 'America/Bogota')
        AND c.started_at < ((d.day + 1)::timestamp AT TIME ZONE 'America/Bogota')), '{}');
  END LOOP;
  FOR d IN SELECT DISTINCT b.organization_id AS o, (b.interaction_time AT TIME ZONE 'America/Bogota')::date AS day
           FROM bot_interactions b WHERE org IS NULL OR b.organization_id = org LOOP
    PERFORM stats_bot_totals(array(
      SELECT b FROM bot_interactions b WHERE b.organization_id = d.o
        AND b.interaction_time >= (d.day::timestamp AT TIME ZONE 'America/Bogota')
        AND b.interaction_time < ((d.day + 1)::timestamp AT TIME ZONE 'America/Bogota')), '{}');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_conversations_inserted AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stats_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER stats_conversations_deleted AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stats_conversations_changed();
--> statement-breakpoint
-- Row by row, and only when a column the totals read changed: a message's update of the conversation
-- (last_seq, activity times) does not fire it.
CREATE TRIGGER stats_conversation_updated AFTER UPDATE ON conversations FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.started_at, OLD.channel_id, OLD.id_va, OLD.split_id, OLD.agent_id, OLD.city_id, OLD.customer_id,
         OLD.status, OLD.escalated_at, OLD.queued_at, OLD.accepted_at, OLD.ended_at, OLD.ended_by, OLD.satisfaction, OLD.nps)
        IS DISTINCT FROM
        (NEW.organization_id, NEW.started_at, NEW.channel_id, NEW.id_va, NEW.split_id, NEW.agent_id, NEW.city_id, NEW.customer_id,
         NEW.status, NEW.escalated_at, NEW.queued_at, NEW.accepted_at, NEW.ended_at, NEW.ended_by, NEW.satisfaction, NEW.nps))
  EXECUTE FUNCTION stats_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER stats_conversations_truncated AFTER TRUNCATE ON conversations FOR EACH STATEMENT EXECUTE FUNCTION stats_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER stats_bot_inserted AFTER INSERT ON bot_interactions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stats_bot_changed();
--> statement-breakpoint
CREATE TRIGGER stats_bot_deleted AFTER DELETE ON bot_interactions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION stats_bot_changed();
--> statement-breakpoint
CREATE TRIGGER stats_bot_updated AFTER UPDATE ON bot_interactions FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.interaction_time, OLD.id_va, OLD.response_node_id, OLD.answered)
        IS DISTINCT FROM (NEW.organization_id, NEW.interaction_time, NEW.id_va, NEW.response_node_id, NEW.answered))
  EXECUTE FUNCTION stats_bot_changed();
--> statement-breakpoint
CREATE TRIGGER stats_bot_truncated AFTER TRUNCATE ON bot_interactions FOR EACH STATEMENT EXECUTE FUNCTION stats_bot_changed();
--> statement-breakpoint
SELECT stats_totals_rebuild(NULL);
