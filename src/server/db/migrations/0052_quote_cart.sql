-- Accepted quotes in the cart and in orders. The cart's type code 临时产品 (requirements 000-9) is
-- now what its name says: a part that is not a stock row but a seller's quote on an enquiry line,
-- charged at the quoted price. A cart line is either a stock row (配件产品) or a quote (临时产品),
-- never both. Lines of type 临时产品 that pointed at stock rows (the type could be chosen freely
-- before, and nothing showed them) are dropped.
delete from cart_item where type_code = '临时产品';
alter table cart_item alter column stock_id drop not null;
alter table cart_item add column quote_id int references quote(id) on delete cascade;
alter table cart_item add constraint cart_item_one_source check (
  (stock_id is not null and quote_id is null and type_code = '配件产品')
  or (stock_id is null and quote_id is not null and type_code = '临时产品'));
create unique index cart_item_quote on cart_item (user_id, quote_id) where quote_id is not null;

-- an order line bought from a quote keeps which quote it was (the seller's 我的报价 shows it ordered)
alter table goods_order_line add column quote_id int references quote(id) on delete set null;
create index goods_order_line_quote on goods_order_line (quote_id) where quote_id is not null;
