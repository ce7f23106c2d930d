-- VND quotes with the rate frozen. A seller may quote in Vietnamese dong; the quote keeps
-- what was typed (quoted_amount, whole dong) and the VND-per-CNY rate of that moment, and price_fen
-- is the CNY the buyer pays, converted once at that rate: a later change of the rate never changes
-- what was quoted. A CNY quote has quoted_amount = price_fen and no rate.
alter table quote add column quoted_amount bigint;
alter table quote add column rate numeric(18, 6) check (rate is null or rate > 0);
update quote set quoted_amount = price_fen;
alter table quote alter column quoted_amount set not null;
alter table quote add constraint quote_vnd_has_rate check (currency = 'CNY' or rate is not null or price_fen = -1);
