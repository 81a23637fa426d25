CREATE TABLE "unknown_sign_ins" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer NOT NULL,
	"locked_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL
);
