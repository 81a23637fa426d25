CREATE TABLE "conversation_intent_totals" (
	"conversation_id" text NOT NULL,
	"intent" text NOT NULL,
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"satisfaction" integer,
	"turns" integer NOT NULL,
	CONSTRAINT "conversation_intent_totals_key" UNIQUE("conversation_id","intent")
);
--> statement-breakpoint
CREATE INDEX "conversation_intent_totals_day_idx" ON "conversation_intent_totals" USING btree ("organization_id","day","satisfaction","intent");--> statement-breakpoint
-- Issue 20: the best-rated intents (intentRatingsBars) read conversation_intent_totals
-- (src/server/db/schema/stats-totals.ts) when the filter narrows by the range alone
-- (src/server/stats/totals.ts): one row per conversation and recorded intent, with the
-- conversation's organisation, day and rating copied, kept here in the same transaction as every
-- change of the turns and of the conversations. No foreign key: when a conversation is deleted its
-- turns go by cascade, and either trigger may run first; each one leaves alone what the other removes.
-- stats_conversation_intent_turns adds the turns `added` and subtracts the turns `removed`. It locks
-- the conversations it copies from (as an update of them would): a rating given while a turn is
-- recorded then waits for it, so the copy is never an older rating.
CREATE FUNCTION stats_conversation_intent_turns(added bot_interactions[], removed bot_interactions[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO conversation_intent_totals AS t (conversation_id, intent, organization_id, day, satisfaction, turns)
  SELECT r.conversation_id, r.intent, c.organization_id, (c.started_at AT TIME ZONE 'America/Bogota')::date, c.satisfaction, sum(r.sign)
  FROM (SELECT 1 AS sign, a.conversation_id, a.intent FROM unnest(added) a WHERE a.intent IS NOT NULL
        UNION ALL SELECT -1, d.conversation_id, d.intent FROM unnest(removed) d WHERE d.intent IS NOT NULL) r
  -- A conversation already deleted (its turns removed by cascade) is not found: its rows go with it.
  JOIN (SELECT c.id_conv, c.organization_id, c.started_at, c.satisfaction FROM conversations c
        WHERE c.id_conv IN (SELECT a.conversation_id FROM unnest(added) a WHERE a.intent IS NOT NULL
                            UNION SELECT d.conversation_id FROM unnest(removed) d WHERE d.intent IS NOT NULL)
        FOR NO KEY UPDATE) c ON c.id_conv = r.conversation_id
  GROUP BY r.conversation_id, r.intent, c.organization_id, c.started_at, c.satisfaction
  HAVING sum(r.sign) <> 0
  ORDER BY r.conversation_id, r.intent
  ON CONFLICT ON CONSTRAINT conversation_intent_totals_key DO UPDATE SET turns = t.turns + excluded.turns;

  DELETE FROM conversation_intent_totals t
  WHERE t.turns = 0 AND (t.conversation_id, t.intent) IN (SELECT d.conversation_id, d.intent FROM unnest(removed) d);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_conversations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new conversation has no turns yet (they reference it): nothing to copy.
    PERFORM stats_conversation_totals(array(SELECT a::conversations FROM added a), '{}');
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM conversation_day_totals;
    DELETE FROM customer_day_totals;
    DELETE FROM conversation_intent_totals;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_conversation_totals('{}', array(SELECT d::conversations FROM removed d));
    DELETE FROM conversation_intent_totals t USING removed d WHERE t.conversation_id = d.id_conv;
  ELSE
    PERFORM stats_conversation_totals(array[NEW], array[OLD]);
    UPDATE conversation_intent_totals t
    SET organization_id = NEW.organization_id, day = (NEW.started_at AT TIME ZONE 'America/Bogota')::date, satisfaction = NEW.satisfaction
    WHERE t.conversation_id = NEW.id_conv;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_bot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_bot_totals(array(SELECT a::bot_interactions FROM added a), '{}');
    PERFORM stats_conversation_intent_turns(array(SELECT a::bot_interactions FROM added a), '{}');
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM bot_day_totals;
    DELETE FROM conversation_intent_totals;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_bot_totals('{}', array(SELECT d::bot_interactions FROM removed d));
    PERFORM stats_conversation_intent_turns('{}', array(SELECT d::bot_interactions FROM removed d));
  ELSE
    PERFORM stats_bot_totals(array[NEW], array[OLD]);
    PERFORM stats_conversation_intent_turns(array[NEW], array[OLD]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A turn moved to another conversation changes the pairs too.
DROP TRIGGER stats_bot_updated ON bot_interactions;
--> statement-breakpoint
CREATE TRIGGER stats_bot_updated AFTER UPDATE ON bot_interactions FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.interaction_time, OLD.id_va, OLD.response_node_id, OLD.answered, OLD.intent, OLD.conversation_id)
        IS DISTINCT FROM (NEW.organization_id, NEW.interaction_time, NEW.id_va, NEW.response_node_id, NEW.answered, NEW.intent, NEW.conversation_id))
  EXECUTE FUNCTION stats_bot_changed();
--> statement-breakpoint
-- As migration 0005's, plus the pairs, computed straight from the rows in one statement (the
-- triggers' function would lock every conversation).
CREATE OR REPLACE FUNCTION stats_totals_rebuild(org integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  DELETE FROM conversation_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM customer_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM bot_day_totals WHERE org IS NULL OR organization_id = org;
  DELETE FROM conversation_intent_totals WHERE org IS NULL OR organization_id = org;
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
END $$;
--> statement-breakpoint
-- The existing turns' pairs (the other totals are already kept).
INSERT INTO conversation_intent_totals (conversation_id, intent, organization_id, day, satisfaction, turns)
SELECT b.conversation_id, b.intent, c.organization_id, (c.started_at AT TIME ZONE 'America/Bogota')::date, c.satisfaction, count(*)
FROM bot_interactions b JOIN conversations c ON c.id_conv = b.conversation_id
WHERE b.intent IS NOT NULL
GROUP BY b.conversation_id, b.intent, c.organization_id, c.started_at, c.satisfaction;
