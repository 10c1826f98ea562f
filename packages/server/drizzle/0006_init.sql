CREATE TABLE "farcaster_channels" (
	"channel_token" varchar(256) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"domain" text NOT NULL,
	"siwe_uri" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "farcaster_channels_nonce_unique" UNIQUE("nonce")
);
--> statement-breakpoint
ALTER TABLE "farcaster_channels" ADD CONSTRAINT "farcaster_channels_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farcaster_channels_expires_at_idx" ON "farcaster_channels" USING btree ("expires_at");