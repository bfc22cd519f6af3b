/**
 * The SQL the REST gateway plans for the three shapes of bench/rest-gateway-limit.ts, written out
 * for the hand-written reference server. The bench checks, before it measures, that the gateway
 * still plans exactly these statements, so the reference cannot drift from it.
 */
export const referenceSql = {
  byId: `with pgrst_source as (select "t0".* from "public"."user_analytics" as "t0" where ("t0"."id" = cast($1::text as uuid))) select null::int8 as total, count(*)::int8 as page_total, (json_agg(_pgrst_t) -> 0)::text as body from pgrst_source _pgrst_t`,
  page: `with pgrst_source as (select "t0".*, (select to_json(t1_r) from (select "t1".* from "public"."profiles" as "t1" where "t1"."id" = "t0"."user_id" limit 1) t1_r) as "profiles" from "public"."user_analytics" as "t0" where ("t0"."metric_name" = cast($1::text as text)) order by "t0"."created_at" desc limit $2::int8) select null::int8 as total, count(*)::int8 as page_total, coalesce(json_agg(_pgrst_t), '[]')::text as body from pgrst_source _pgrst_t`,
  insert: `with pgrst_mut as (insert into "public"."user_analytics" as "t0" ("metric_name", "metric_value") select _pgrst_r."metric_name", _pgrst_r."metric_value" from json_array_elements(cast($1::text as json)) with ordinality as _pgrst_e(v, i),
    lateral json_populate_record(null::"public"."user_analytics", _pgrst_e.v) as _pgrst_r order by _pgrst_e.i returning "t0".*), pgrst_source as (select "t0".* from pgrst_mut as "t0") select null::int8 as total, count(*)::int8 as page_total, coalesce(json_agg(_pgrst_t), '[]')::text as body from pgrst_source _pgrst_t`,
};
