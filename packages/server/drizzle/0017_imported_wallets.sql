ALTER TABLE "embedded_wallets" DROP CONSTRAINT "embedded_wallets_user_chain_index_unique";--> statement-breakpoint
ALTER TABLE "wallet_entropies" DROP CONSTRAINT "wallet_entropies_user_chain_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entropies_user_chain_generated_unique" ON "wallet_entropies" USING btree ("user_id","chain_type") WHERE not "wallet_entropies"."imported";--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD CONSTRAINT "embedded_wallets_entropy_index_unique" UNIQUE("entropy_row_id","wallet_index");