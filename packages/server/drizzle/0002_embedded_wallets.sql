CREATE TABLE "embedded_wallets" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"entropy_row_id" varchar(25) NOT NULL,
	"chain_type" text NOT NULL,
	"wallet_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "embedded_wallets_user_chain_index_unique" UNIQUE("user_id","chain_type","wallet_index"),
	CONSTRAINT "embedded_wallets_app_chain_address_unique" UNIQUE("app_id","chain_type","address")
);
--> statement-breakpoint
CREATE TABLE "wallet_entropies" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"chain_type" text NOT NULL,
	"entropy_id" text NOT NULL,
	"auth_share" text NOT NULL,
	"recovery_method" text NOT NULL,
	"recovery" text NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_entropies_user_chain_unique" UNIQUE("user_id","chain_type"),
	CONSTRAINT "wallet_entropies_app_chain_entropy_unique" UNIQUE("app_id","chain_type","entropy_id")
);
--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD CONSTRAINT "embedded_wallets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD CONSTRAINT "embedded_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD CONSTRAINT "embedded_wallets_entropy_row_id_wallet_entropies_id_fk" FOREIGN KEY ("entropy_row_id") REFERENCES "public"."wallet_entropies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entropies" ADD CONSTRAINT "wallet_entropies_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entropies" ADD CONSTRAINT "wallet_entropies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_wallets_user_id_idx" ON "embedded_wallets" USING btree ("user_id");