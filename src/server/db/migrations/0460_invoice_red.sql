-- Red-letter invoices (红冲, docs/money.md#invoices): the seller reverses an issued invoice in full
-- with a red-letter invoice (its number, date, file and a reason); the request becomes 已红冲 and
-- its orders are free to be invoiced again for what was paid less refunds now.

ALTER TABLE invoice_request DROP CONSTRAINT invoice_request_status_check;
ALTER TABLE invoice_request ADD CONSTRAINT invoice_request_status_check
  CHECK (status IN ('requested', 'issued', 'refused', 'withdrawn', 'reversed'));

ALTER TABLE invoice_request
  ADD COLUMN red_number    text,
  ADD COLUMN red_date      text,
  ADD COLUMN red_file_path text,
  ADD COLUMN red_reason    text,
  ADD COLUMN reversed_at   timestamptz;

ALTER TABLE invoice_request ADD CONSTRAINT invoice_request_reversed CHECK (status <> 'reversed' OR (
  invoice_number IS NOT NULL AND issued_fen > 0 AND red_number IS NOT NULL AND red_number <> invoice_number
  AND red_date IS NOT NULL AND red_date >= invoice_date AND red_file_path IS NOT NULL AND red_reason IS NOT NULL));
