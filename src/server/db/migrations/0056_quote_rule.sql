-- 报价规则 (requirements 001-2-1, M10 / M12): how a seller company's quotes start. The spec names the
-- page only; these are the defaults RFQ desks keep: how long a quote stays valid, the usual
-- delivery days, and the price a first quote is pre-filled with — a stock price column plus a
-- markup, rounded. One row per company; none means the built-in defaults (domain/enquiry.ts).
create table quote_rule (
  company_id     int primary key references company(id) on delete cascade,
  valid_days     int not null check (valid_days between 1 and 30),
  delivery_days  int not null check (delivery_days between 0 and 365),
  price_column   text not null check (price_column in ('price0', 'price1', 'price99', 'price2', 'price3')),
  markup_pct     numeric(6, 2) not null check (markup_pct between -50 and 200),
  round_to       text not null check (round_to in ('fen', 'jiao', 'yuan')),
  updated_at     timestamptz not null,
  updated_by     int not null references app_user(id)
);
