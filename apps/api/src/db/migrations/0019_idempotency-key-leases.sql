-- Issue 43 §1 (decision 0009): a claim on an Idempotency-Key has an owner and a lease, so a claim left by a crash or
-- a database outage can be taken over once its lease ends. Claims made before this migration keep no lease (NULL:
-- never taken over), as their requests did not link their order to the key and a takeover could place a second one.
ALTER TABLE "idempotency_keys" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_expires_at" timestamp with time zone;
