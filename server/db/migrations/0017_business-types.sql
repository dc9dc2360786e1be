-- The business types a Kenyan lender picks from, besides "Individual" (0002): a fresh
-- install offers real choices in the profile wizard and Register Business. A name that
-- already exists (whatever its letter case, the unique index) is kept as it is, and
-- administrators edit or delete these like any other type.
INSERT INTO "lender_business_types" ("name", "description", "business_type") VALUES
  ('Sole proprietorship', 'A business owned and run by one person, registered under the Business Names Act', 'business'),
  ('Partnership', 'A business owned by two or more partners', 'business'),
  ('Limited company', 'A private or public company limited by shares, registered under the Companies Act', 'business'),
  ('SACCO', 'A savings and credit co-operative society', 'business'),
  ('Chama / investment group', 'A savings or investment group lending to its members and others', 'business'),
  ('Microfinance institution', 'A microfinance bank or credit-only microfinance institution', 'business')
ON CONFLICT DO NOTHING;
