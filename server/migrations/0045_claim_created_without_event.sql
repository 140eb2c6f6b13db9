-- A claim's creation is no longer written to claim_events: the claim row holds its time, and every claim starts
-- awaiting payment (server/claims/eventLog.ts reads it from there). The rows written for it before go, so no log
-- shows a claim created twice.
DELETE FROM claim_events WHERE from_status IS NULL;
