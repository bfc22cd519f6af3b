-- match_professionals narrows its candidates by place: the professional's town (the part of
-- profiles.location before the first comma, lower case) must be the requested town or one near
-- it. Nothing indexed that, so a request naming a town and a large category ("a React developer
-- in Leeds": the 500 best-reviewed of software development in and around Leeds) read every
-- profile of the category and filtered by town: at 100,000 professionals about 22,700 rows and
-- 15,000 heap pages for about 2,400 kept. With this index the planner combines the category and
-- the towns before visiting rows (BitmapAnd). Over the first 40 labelled descriptions at 100,000
-- professionals (bench/scale-100k.ts), the candidate statement's pages fell from 591,951 to
-- 407,424; a town request from 16,600 to 3,425 (docs/benchmarks/reliability.md).
create index if not exists profiles_professional_town_idx
  on public.profiles (split_part(lower(location), ',', 1))
  where account_type = 'professional';
