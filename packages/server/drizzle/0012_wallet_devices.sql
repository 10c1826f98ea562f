CREATE TABLE "device_proof_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"session_id" varchar(25) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_devices" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"jkt" text NOT NULL,
	"public_jwk" text NOT NULL,
	"label" text NOT NULL,
	"registered_session_id" varchar(25) NOT NULL,
	"last_session_id" varchar(25),
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "wallet_devices_user_jkt_unique" UNIQUE("user_id","jkt"),
	CONSTRAINT "wallet_devices_registered_session_unique" UNIQUE("registered_session_id")
);
--> statement-breakpoint
ALTER TABLE "device_proof_nonces" ADD CONSTRAINT "device_proof_nonces_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_devices" ADD CONSTRAINT "wallet_devices_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_devices" ADD CONSTRAINT "wallet_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_proof_nonces_expires_at_idx" ON "device_proof_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wallet_devices_user_id_idx" ON "wallet_devices" USING btree ("user_id");