CREATE TABLE "channel_day_customers" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	"customers" integer NOT NULL,
	"unidentified" integer NOT NULL,
	CONSTRAINT "channel_day_customers_key" UNIQUE("organization_id","day","channel_id")
);
--> statement-breakpoint
CREATE TABLE "customer_channel_day_totals" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	"customer_id" integer,
	"conversations" integer NOT NULL,
	CONSTRAINT "customer_channel_day_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","channel_id","customer_id")
);
--> statement-breakpoint
-- Issue 20: the customer entries per channel by day (consumerClientsStatistics) read
-- channel_day_customers (src/server/db/schema/stats-totals.ts) when the filter narrows by the range
-- and the channels alone (src/server/stats/totals.ts): per organisation, Bogotá day and channel, the
-- identified customers who started a conversation and the conversations without one. Distinct
-- customers are not a sum, so customer_channel_day_totals keeps each day's customers per channel
-- with their conversations (a row that falls to none is removed), and a customer counts in
-- channel_day_customers when their row rises from none and stops counting when it falls to none.
-- Both are kept here in the same transaction as every change of the conversations; the update trigger
-- of migration 0005 already fires on every column read here (organisation, start, channel, customer).
-- stats_customer_channel_totals adds the conversations `added` and subtracts the conversations `removed`.
CREATE FUNCTION stats_customer_channel_totals(added conversations[], removed conversations[]) RETURNS void
LANGUAGE sql AS $$
  WITH delta AS (
    SELECT r.organization_id, (r.started_at AT TIME ZONE 'America/Bogota')::date AS day, r.channel_id, r.customer_id, sum(r.sign)::int AS n
    FROM (SELECT 1 AS sign, a.organization_id, a.started_at, a.channel_id, a.customer_id FROM unnest(added) a
          UNION ALL SELECT -1, d.organization_id, d.started_at, d.channel_id, d.customer_id FROM unnest(removed) d) r
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.sign) <> 0),
  kept AS (
    INSERT INTO customer_channel_day_totals AS t (organization_id, day, channel_id, customer_id, conversations)
    SELECT d.organization_id, d.day, d.channel_id, d.customer_id, d.n FROM delta d
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT customer_channel_day_totals_key DO UPDATE SET conversations = t.conversations + excluded.conversations
    RETURNING t.organization_id, t.day, t.channel_id, t.customer_id, t.conversations)
  -- Before the change a row held conversations − n.
  INSERT INTO channel_day_customers AS s (organization_id, day, channel_id, customers, unidentified)
  SELECT k.organization_id, k.day, k.channel_id,
    sum(CASE WHEN k.customer_id IS NULL THEN 0
             WHEN k.conversations > 0 AND k.conversations - d.n <= 0 THEN 1
             WHEN k.conversations <= 0 AND k.conversations - d.n > 0 THEN -1 ELSE 0 END),
    sum(CASE WHEN k.customer_id IS NULL THEN d.n ELSE 0 END)
  FROM kept k JOIN delta d ON d.organization_id = k.organization_id AND d.day = k.day AND d.channel_id = k.channel_id
    AND d.customer_id IS NOT DISTINCT FROM k.customer_id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT channel_day_customers_key DO UPDATE SET
    customers = s.customers + excluded.customers, unidentified = s.unidentified + excluded.unidentified;

  -- The identified and the unidentified apart, so that the key's index finds the row (IS NOT DISTINCT FROM would not).
  DELETE FROM customer_channel_day_totals t USING unnest(removed) d
  WHERE t.conversations = 0 AND t.organization_id = d.organization_id
    AND t.day = (d.started_at AT TIME ZONE 'America/Bogota')::date AND t.channel_id = d.channel_id AND t.customer_id = d.customer_id;

  DELETE FROM customer_channel_day_totals t USING unnest(removed) d
  WHERE t.conversations = 0 AND t.organization_id = d.organization_id
    AND t.day = (d.started_at AT TIME ZONE 'America/Bogota')::date AND t.channel_id = d.channel_id
    AND t.customer_id IS NULL AND d.customer_id IS NULL;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_conversations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new conversation has no turns yet (they reference it): nothing to copy.
    PERFORM stats_conversation_totals(array(SELECT a::conversations FROM added a), '{}');
    PERFORM stats_customer_channel_totals(array(SELECT a::conversations FROM added a), '{}');
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM conversation_day_totals;
    DELETE FROM customer_day_totals;
    DELETE FROM conversation_intent_totals;
    DELETE FROM customer_channel_day_totals;
    DELETE FROM channel_day_customers;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_conversation_totals('{}', array(SELECT d::conversations FROM removed d));
    PERFORM stats_customer_channel_totals('{}', array(SELECT d::conversations FROM removed d));
    DELETE FROM conversation_intent_totals t USING removed d WHERE t.conversation_id = d.id_conv;
  ELSE
    PERFORM stats_conversation_totals(array[NEW], array[OLD]);
    PERFORM stats_customer_channel_totals(array[NEW], array[OLD]);
    UPDATE conversation_intent_totals t
    SET organization_id = NEW.organization_id, day = (NEW.started_at AT TIME ZONE 'America/Bogota')::date, satisfaction = NEW.satisfaction
    WHERE t.conversation_id = NEW.id_conv;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0015's, plus the customers per day and channel, computed straight from the rows.
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
END $$;
--> statement-breakpoint
-- The existing conversations' rows (the other totals are already kept).
INSERT INTO customer_channel_day_totals (organization_id, day, channel_id, customer_id, conversations)
SELECT c.organization_id, (c.started_at AT TIME ZONE 'America/Bogota')::date, c.channel_id, c.customer_id, count(*)
FROM conversations c
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO channel_day_customers (organization_id, day, channel_id, customers, unidentified)
SELECT t.organization_id, t.day, t.channel_id, count(t.customer_id), coalesce(sum(t.conversations) FILTER (WHERE t.customer_id IS NULL), 0)
FROM customer_channel_day_totals t
GROUP BY 1, 2, 3;
