ALTER TABLE "delegated_requests" ADD COLUMN "wallet_id" varchar(25);--> statement-breakpoint
ALTER TABLE "delegated_requests" ADD COLUMN "caip2" text;--> statement-breakpoint
ALTER TABLE "delegated_requests" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "delegated_requests" ADD COLUMN "value_wei" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "delegated_requests" ADD CONSTRAINT "delegated_requests_wallet_id_embedded_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."embedded_wallets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegated_requests_user_list_idx" ON "delegated_requests" USING btree ("user_id","app_id","created_at","id");