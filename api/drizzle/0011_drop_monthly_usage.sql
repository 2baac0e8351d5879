-- The monthly users report reads the seat ledger (0010), which took over these figures.
DROP TABLE "license_monthly_usage" CASCADE;