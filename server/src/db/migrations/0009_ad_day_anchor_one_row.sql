-- ad_day_anchor answers at most one row. Said so, the planner costs the deep page (the anchor
-- joined laterally with the page) at about a thousand instead of a million, which had turned on JIT
-- compilation: 215 ms of compiling for a query that runs in 1.5 ms.
ALTER FUNCTION ad_day_anchor(bigint, text, text, boolean) ROWS 1;
