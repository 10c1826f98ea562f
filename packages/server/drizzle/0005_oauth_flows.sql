CREATE TABLE "oauth_flows" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"provider" text NOT NULL,
	"client_state" text NOT NULL,
	"code_challenge" text NOT NULL,
	"redirect_to" text NOT NULL,
	"callback_url" text NOT NULL,
	"pkce_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"result" text,
	CONSTRAINT "oauth_flows_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD CONSTRAINT "oauth_flows_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_flows_expires_at_idx" ON "oauth_flows" USING btree ("expires_at");