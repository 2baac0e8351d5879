-- Sign-in lockout that no stranger can abuse (issue 36 item 4): a temporary lock after failed
-- sign-ins that doubles each round (routes/auth/lockout.ts). locked_until ends the current
-- temporary lock, lockout_rounds counts them since the last successful sign-in, and
-- last_failed_login_date lets old failures be forgotten. is_locked_out stays the lasting lock.
ALTER TABLE "users" ADD COLUMN "last_failed_login_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lockout_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The lockout's settings join the UserPassword configs that supply the defaults (root project
-- 1's and the licence template), so the config editor shows them on a database made before;
-- a licence's own config without them takes the defaults (policyFromParameters).
UPDATE "configs" AS c SET
  "data" = jsonb_set(c."data", '{configs,0,parameters}', (c."data" #> '{configs,0,parameters}') || (
    SELECT coalesce(jsonb_agg(p), '[]'::jsonb) FROM jsonb_array_elements('[
      {"name": "LockoutWaitSeconds", "value": 60, "label_name": "First lockout in seconds (doubles each time; 0: lock until unlocked)", "inputType": "positiveNumber"},
      {"name": "LockoutMaxWaitSeconds", "value": 900, "label_name": "Longest lockout in seconds", "inputType": "positiveNumber"},
      {"name": "MaxTemporaryLockouts", "value": 0, "label_name": "Lockouts before the account stays locked (0: never)", "inputType": "positiveNumber"},
      {"name": "FailureResetSeconds", "value": 43200, "label_name": "Seconds after which failed attempts are forgotten (0: never)", "inputType": "positiveNumber"}
    ]'::jsonb) AS p
    WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c."data" #> '{configs,0,parameters}') AS q WHERE q->>'name' = p->>'name'))),
  "version" = c."version" + 1
WHERE c."name" = 'UserPassword' AND c."license_id" IS NULL
  AND jsonb_typeof(c."data" #> '{configs,0,parameters}') = 'array'
  AND NOT (c."data" #> '{configs,0,parameters}') @> '[{"name": "LockoutWaitSeconds"}]'::jsonb;
