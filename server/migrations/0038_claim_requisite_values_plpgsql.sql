-- The same values, in PL/pgSQL: the GIN index on claim_requisite_values (migration 0013) evaluates it for every new
-- claim, and as a LANGUAGE sql function PostgreSQL parsed and analysed its body again at every insert while trying
-- to inline it (it cannot be inlined: it aggregates), about 6 % of a claim's backend CPU (perf, one connection).
-- A PL/pgSQL body is compiled once per connection. The values are the same, so the index stays as it is.
CREATE OR REPLACE FUNCTION claim_requisite_values(from_requisites jsonb, to_requisites jsonb) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(lower(replace(value, ' ', ''))), '{}')
    FROM (SELECT value FROM jsonb_each_text(from_requisites) UNION ALL SELECT value FROM jsonb_each_text(to_requisites)) requisite);
END
$$;
