-- Where and when the failed sign-in that locked an account came from (issue 18): the client
-- address as the platform saw it (request.ip, behind TRUST_PROXY when set) and the lock's time.
ALTER TABLE "users" ADD COLUMN "locked_from_ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;
