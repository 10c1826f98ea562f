CREATE TABLE "delegated_requests" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"wallet_address" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"method" text NOT NULL,
	"decision" text NOT NULL,
	"rule" text,
	"reason" text,
	"status" integer,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delegated_requests_app_key_unique" UNIQUE("app_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "delegated_spending" (
	"wallet_id" varchar(25) NOT NULL,
	"day" date NOT NULL,
	"spent_wei" numeric(78, 0) NOT NULL,
	CONSTRAINT "delegated_spending_pk" PRIMARY KEY("wallet_id","day")
);
--> statement-breakpoint
CREATE TABLE "wallet_delegations" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"wallet_id" varchar(25) NOT NULL,
	"share" text NOT NULL,
	"policy" jsonb NOT NULL,
	"daily_value_limit_wei" numeric(78, 0),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_delegations_wallet_unique" UNIQUE("wallet_id")
);
--> statement-breakpoint
ALTER TABLE "delegated_requests" ADD CONSTRAINT "delegated_requests_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegated_requests" ADD CONSTRAINT "delegated_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegated_spending" ADD CONSTRAINT "delegated_spending_wallet_id_embedded_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."embedded_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_delegations" ADD CONSTRAINT "wallet_delegations_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_delegations" ADD CONSTRAINT "wallet_delegations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_delegations" ADD CONSTRAINT "wallet_delegations_wallet_id_embedded_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."embedded_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegated_requests_user_id_idx" ON "delegated_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wallet_delegations_user_id_idx" ON "wallet_delegations" USING btree ("user_id");--> statement-breakpoint
-- A delegation shows as `delegated` on the user's wallet: raise the user's revision (docs/sessions.md).
CREATE TRIGGER "wallet_delegations_raise_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "wallet_delegations"
  FOR EACH ROW EXECUTE FUNCTION "foyer_raise_user_revision"();
