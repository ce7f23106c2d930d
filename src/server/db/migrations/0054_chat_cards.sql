-- Inquiry and quote cards in chat (requirements 001-3): message_type QPH:BizMsg, its content (the
-- card's SceneCode, BusinessInfo and LinkData) as JSON in text. Posted by the server only.
alter table im_message drop constraint im_message_message_type_check;
alter table im_message add constraint im_message_message_type_check check (message_type in ('RC:TxtMsg', 'RC:ImgMsg', 'QPH:BizMsg'));
