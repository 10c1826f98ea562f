ALTER TABLE "one_time_codes" ADD COLUMN "result_session_id" varchar(25);--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "retry_key_hash" text;