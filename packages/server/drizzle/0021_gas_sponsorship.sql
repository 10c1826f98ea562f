CREATE TABLE "gas_sponsorship_spending" (
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"day" date NOT NULL,
	"spent_wei" numeric(78, 0) NOT NULL,
	CONSTRAINT "gas_sponsorship_spending_pk" PRIMARY KEY("app_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "gas_sponsorships" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"sender" text NOT NULL,
	"chain_id" numeric(20, 0) NOT NULL,
	"entry_point" text NOT NULL,
	"nonce" numeric(78, 0) NOT NULL,
	"paymaster" text NOT NULL,
	"max_cost_wei" numeric(78, 0) NOT NULL,
	"valid_until" numeric(20, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gas_sponsorship_spending" ADD CONSTRAINT "gas_sponsorship_spending_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_sponsorship_spending" ADD CONSTRAINT "gas_sponsorship_spending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_sponsorships" ADD CONSTRAINT "gas_sponsorships_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_sponsorships" ADD CONSTRAINT "gas_sponsorships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gas_sponsorships_app_user_idx" ON "gas_sponsorships" USING btree ("app_id","user_id");