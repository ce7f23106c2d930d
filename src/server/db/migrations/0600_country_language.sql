-- Overseas companies and the user's language (docs/overseas.md).
-- country: where the company is registered (CN or VN); a VN company buys in the Vietnam mall, in dong.
-- app_user.lang: the language the user chose (zh or vi); null = the default of the company's country.
ALTER TABLE company ADD COLUMN country text NOT NULL DEFAULT 'CN' CHECK (country IN ('CN', 'VN'));
ALTER TABLE app_user ADD COLUMN lang text CHECK (lang IN ('zh', 'vi'));
