ALTER TABLE "users" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- users.revision: raised in the same transaction as every change to what a user's wire JSON shows
-- (docs/sessions.md, "Session reads"). A change to the users row itself raises it before the update.
CREATE FUNCTION "foyer_users_revision_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."revision" = OLD."revision" THEN
    NEW."revision" := OLD."revision" + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_revision_on_update" BEFORE UPDATE ON "users"
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION "foyer_users_revision_on_update"();
--> statement-breakpoint
-- A row of a table the wire JSON shows was inserted, changed, deleted or moved to another user: raise the
-- revision of the user it belonged to and of the user it belongs to now.
CREATE FUNCTION "foyer_raise_user_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "users" SET "revision" = "revision" + 1 WHERE "id" = OLD."user_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    UPDATE "users" SET "revision" = "revision" + 1 WHERE "id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "linked_accounts_raise_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "linked_accounts"
  FOR EACH ROW EXECUTE FUNCTION "foyer_raise_user_revision"();
--> statement-breakpoint
CREATE TRIGGER "embedded_wallets_raise_user_revision"
  AFTER INSERT OR DELETE OR UPDATE OF "user_id", "address", "chain_type", "wallet_index", "entropy_row_id", "created_at"
  ON "embedded_wallets" FOR EACH ROW EXECUTE FUNCTION "foyer_raise_user_revision"();
--> statement-breakpoint
CREATE TRIGGER "wallet_entropies_raise_user_revision"
  AFTER INSERT OR DELETE OR UPDATE OF "user_id", "recovery_method", "imported"
  ON "wallet_entropies" FOR EACH ROW EXECUTE FUNCTION "foyer_raise_user_revision"();
--> statement-breakpoint
CREATE TRIGGER "mfa_methods_raise_user_revision"
  AFTER INSERT OR DELETE OR UPDATE OF "user_id", "type", "verified_at"
  ON "mfa_methods" FOR EACH ROW EXECUTE FUNCTION "foyer_raise_user_revision"();
