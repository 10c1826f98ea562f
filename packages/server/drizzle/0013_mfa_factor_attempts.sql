CREATE TABLE "mfa_factor_attempts" (
	"user_id" varchar(25) NOT NULL,
	"method" text NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mfa_factor_attempts_pkey" PRIMARY KEY("user_id","method")
);
--> statement-breakpoint
ALTER TABLE "mfa_factor_attempts" ADD CONSTRAINT "mfa_factor_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_factor_attempts" ADD CONSTRAINT "mfa_factor_attempts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;