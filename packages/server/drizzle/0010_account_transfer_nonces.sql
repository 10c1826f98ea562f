CREATE TABLE "account_transfer_nonces" (
	"nonce_hash" varchar(64) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"from_user_id" varchar(25) NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_transfer_nonces" ADD CONSTRAINT "account_transfer_nonces_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfer_nonces" ADD CONSTRAINT "account_transfer_nonces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfer_nonces" ADD CONSTRAINT "account_transfer_nonces_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_transfer_nonces_user_id_idx" ON "account_transfer_nonces" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_transfer_nonces_from_user_id_idx" ON "account_transfer_nonces" USING btree ("from_user_id");