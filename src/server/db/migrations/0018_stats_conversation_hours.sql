CREATE TABLE "conversation_hour_totals" (
	"organization_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"channel_id" integer NOT NULL,
	"id_va" integer NOT NULL,
	"conversations" integer NOT NULL,
	"attended" integer NOT NULL,
	"not_attended" integer NOT NULL,
	CONSTRAINT "conversation_hour_totals_key" UNIQUE("organization_id","hour","channel_id","id_va")
);
--> statement-breakpoint
-- Issue 18: the per-channel line series by hour (conversationsLine, attendedChatsLine over up to 31
-- days), and by day, week or month within a time-of-day window of whole hours, read
-- conversation_hour_totals (src/server/db/schema/stats-totals.ts) when the filter narrows by the
-- range, the channels, the assistant and such a window alone (src/server/stats/totals.ts): per
-- organisation, Bogotá hour, channel and assistant, the conversations and, of the escalated ones, the
-- attended and the not attended, with the definitions of summaries.ts's channelSeriesRowsSql. Kept here
-- in the same transaction as every change of the conversations; the update trigger of migration 0005
-- already fires on every column read here (organisation, start, channel, assistant, status,
-- escalation, acceptance). stats_conversation_hour_totals adds the rows `added` and subtracts the rows `removed`.
CREATE FUNCTION stats_conversation_hour_totals(added conversations[], removed conversations[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO conversation_hour_totals AS t (organization_id, hour, channel_id, id_va, conversations, attended, not_attended)
  SELECT r.organization_id, date_trunc('hour', r.started_at AT TIME ZONE 'America/Bogota'), r.channel_id, r.id_va,
    sum(r.sign), sum(r.sign * r.att), sum(r.sign * r.natt)
  FROM (SELECT x.sign, x.organization_id, x.started_at, x.channel_id, x.id_va,
          coalesce(x.escalated_at IS NOT NULL AND x.accepted_at IS NOT NULL, false)::int AS att,
          coalesce(x.escalated_at IS NOT NULL AND x.status = 'FINALIZADA' AND x.accepted_at IS NULL, false)::int AS natt
        FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, d.* FROM unnest(removed) d) x) r
  GROUP BY 1, 2, 3, 4
  HAVING sum(r.sign) <> 0 OR sum(r.sign * r.att) <> 0 OR sum(r.sign * r.natt) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT conversation_hour_totals_key DO UPDATE SET
    conversations = t.conversations + excluded.conversations, attended = t.attended + excluded.attended,
    not_attended = t.not_attended + excluded.not_attended;
$$;
--> statement-breakpoint
-- Recomputes an organisation's hourly totals (all of them when org is null) from the rows.
CREATE FUNCTION stats_conversation_hour_totals_rebuild(org integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM conversation_hour_totals WHERE org IS NULL OR organization_id = org;
  INSERT INTO conversation_hour_totals (organization_id, hour, channel_id, id_va, conversations, attended, not_attended)
  SELECT c.organization_id, date_trunc('hour', c.started_at AT TIME ZONE 'America/Bogota'), c.channel_id, c.id_va, count(*),
    count(*) FILTER (WHERE c.escalated_at IS NOT NULL AND c.accepted_at IS NOT NULL),
    count(*) FILTER (WHERE c.escalated_at IS NOT NULL AND c.status = 'FINALIZADA' AND c.accepted_at IS NULL)
  FROM conversations c WHERE org IS NULL OR c.organization_id = org
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_conversations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new conversation has no turns yet (they reference it): nothing to copy.
    PERFORM stats_conversation_totals(array(SELECT a::conversations FROM added a), '{}');
    PERFORM stats_customer_channel_totals(array(SELECT a::conversations FROM added a), '{}');
    PERFORM stats_conversation_hour_totals(array(SELECT a::conversations FROM added a), '{}');
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM conversation_day_totals;
    DELETE FROM customer_day_totals;
    DELETE FROM conversation_intent_totals;
    DELETE FROM customer_channel_day_totals;
    DELETE FROM channel_day_customers;
    DELETE FROM conversation_hour_totals;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_conversation_totals('{}', array(SELECT d::conversations FROM removed d));
    PERFORM stats_customer_channel_totals('{}', array(SELECT d::conversations FROM removed d));
    PERFORM stats_conversation_hour_totals('{}', array(SELECT d::conversations FROM removed d));
    DELETE FROM conversation_intent_totals t USING removed d WHERE t.conversation_id = d.id_conv;
  ELSE
    PERFORM stats_conversation_totals(array[NEW], array[OLD]);
    PERFORM stats_customer_channel_totals(array[NEW], array[OLD]);
    PERFORM stats_conversation_hour_totals(array[NEW], array[OLD]);
    UPDATE conversation_intent_totals t
    SET organization_id = NEW.organization_id, day = (NEW.started_at AT TIME ZONE 'America/Bogota')::date, satisfaction = NEW.satisfaction
    WHERE t.conversation_id = NEW.id_conv;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0017's, plus the hourly totals (their own function).
CREATE OR REPLACE FUNCTION stats_totals_rebuild(org integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  DELETE FROM conversation_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM customer_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM bot_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM conversation_intent_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM customer_channel_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM channel_day_customers WHERE org IS NULL OR organization_id = org;
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
  INSERT INTO conversation_intent_totals (conversation_id, intent, organization_id, day, satisfaction, turns)
  SELECT b.conversation_id, b.intent, c.organization_id, (c.started_at AT TIME ZONE 'America/Bogota')::date, c.satisfaction, count(*)
  FROM bot_interactions b JOIN conversations c ON c.id_conv = b.conversation_id
  WHERE b.intent IS NOT NULL AND (org IS NULL OR c.organization_id = org)
  GROUP BY b.conversation_id, b.intent, c.organization_id, c.started_at, c.satisfaction;
  INSERT INTO customer_channel_day_totals (organization_id, day, channel_id, customer_id, conversations)
  SELECT c.organization_id, (c.started_at AT TIME ZONE 'America/Bogota')::date, c.channel_id, c.customer_id, count(*)
  FROM conversations c WHERE org IS NULL OR c.organization_id = org
  GROUP BY 1, 2, 3, 4;
  INSERT INTO channel_day_customers (organization_id, day, channel_id, customers, unidentified)
  SELECT t.organization_id, t.day, t.channel_id, count(t.customer_id), coalesce(sum(t.conversations) FILTER (WHERE t.customer_id IS NULL), 0)
  FROM customer_channel_day_totals t WHERE org IS NULL OR t.organization_id = org
  GROUP BY 1, 2, 3;
  PERFORM stats_reason_totals_rebuild(org);
  PERFORM stats_conversation_hour_totals_rebuild(org);
END $$;
--> statement-breakpoint
-- The existing conversations' hours (the other totals are already kept).
SELECT stats_conversation_hour_totals_rebuild(NULL);
