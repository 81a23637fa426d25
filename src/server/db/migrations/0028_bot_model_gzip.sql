-- Hand-written: stored models become gzipped JSON (bytea). The models stored as text are dropped rather
-- than converted (SQL has no gzip): each workspace's model is trained again at the platform's start (its warm-up).
DELETE FROM "bot_models";--> statement-breakpoint
ALTER TABLE "bot_models" ALTER COLUMN "model" SET DATA TYPE bytea USING convert_to("model", 'UTF8');
