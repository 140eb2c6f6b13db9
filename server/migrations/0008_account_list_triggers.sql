-- Row counts of the long account lists (claims, referral movements) kept by triggers, so a page's count is a
-- primary-key read; every writer (API, operator CLI, jobs, bulk SQL) is counted alike.
CREATE FUNCTION count_account_list_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    UPDATE account_list_counts SET rows = rows - 1 WHERE user_id = OLD.user_id AND list = TG_ARGV[0];
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    INSERT INTO account_list_counts (user_id, list, rows) VALUES (NEW.user_id, TG_ARGV[0], 1)
    ON CONFLICT (user_id, list) DO UPDATE SET rows = account_list_counts.rows + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER claims_count_account_rows AFTER INSERT OR DELETE OR UPDATE OF user_id ON claims
  FOR EACH ROW EXECUTE FUNCTION count_account_list_rows('claims');--> statement-breakpoint
CREATE TRIGGER referral_movements_count_account_rows AFTER INSERT OR DELETE OR UPDATE OF user_id ON referral_movements
  FOR EACH ROW EXECUTE FUNCTION count_account_list_rows('referral_movements');--> statement-breakpoint
-- A claim made with an activated account's e-mail belongs to that account (resolved at creation and activation
-- from now on; this resolves the earlier ones).
UPDATE claims c SET user_id = u.id FROM users u WHERE c.user_id IS NULL AND u.activated AND u.email = c.email;--> statement-breakpoint
INSERT INTO account_list_counts (user_id, list, rows)
  SELECT user_id, 'claims', count(*) FROM claims WHERE user_id IS NOT NULL GROUP BY user_id
  ON CONFLICT (user_id, list) DO UPDATE SET rows = excluded.rows;--> statement-breakpoint
INSERT INTO account_list_counts (user_id, list, rows)
  SELECT user_id, 'referral_movements', count(*) FROM referral_movements GROUP BY user_id
  ON CONFLICT (user_id, list) DO UPDATE SET rows = excluded.rows;
