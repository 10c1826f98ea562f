ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "linked_accounts_subject_idx" ON "linked_accounts" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "embedded_wallets_lower_address_idx" ON "embedded_wallets" USING btree (lower("address"));