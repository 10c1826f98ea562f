ALTER TABLE "refresh_tokens" ADD COLUMN "successor_id" varchar(25);--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "forked_from_session_id" varchar(25);--> statement-breakpoint
CREATE INDEX "sessions_forked_from_session_id_idx" ON "sessions" USING btree ("forked_from_session_id");