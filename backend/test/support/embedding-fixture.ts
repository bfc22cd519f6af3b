import { suiteFixture } from './rest-helpers.ts';

/**
 * A film database (after PostgREST's documentation) for the embedding and spread suites: every
 * relationship kind PostgREST detects — many-to-one, one-to-many, one-to-one (primary key and
 * unique foreign keys), many-to-many through a junction, two keys to the same table, a
 * self-reference, a view on each side, and computed relationships (functions of a row).
 */
export const embeddingFixture = suiteFixture(
  'rest_embedding',
  `
create table public.em_directors (id int primary key, name text not null);
create table public.em_films (
  id int primary key,
  director_id int references public.em_directors(id),
  title text not null,
  year int not null
);
create table public.em_technical_specs (
  film_id int primary key references public.em_films(id),
  camera text not null
);
create table public.em_posters (
  id int primary key,
  film_id int unique references public.em_films(id),
  artist text not null
);
create table public.em_actors (id int primary key, name text not null);
create table public.em_roles (
  film_id int references public.em_films(id),
  actor_id int references public.em_actors(id),
  character text not null,
  primary key (film_id, actor_id)
);
create table public.em_addresses (id int primary key, city text not null);
create table public.em_orders (
  id int primary key,
  name text not null,
  billing_address_id int,
  shipping_address_id int,
  constraint billing foreign key (billing_address_id) references public.em_addresses(id),
  constraint shipping foreign key (shipping_address_id) references public.em_addresses(id)
);
create table public.em_people (
  id int primary key,
  name text not null,
  parent_id int references public.em_people(id)
);
create view public.em_film_view as select id, director_id, title from public.em_films;
create table public.em_premieres (id int primary key, film_id int not null, place text not null);

create function public.em_director(public.em_films) returns setof public.em_directors
language sql stable rows 1 as $$ select * from public.em_directors where id = $1.director_id $$;
create function public.em_premiere_list(public.em_films) returns setof public.em_premieres
language sql stable as $$ select * from public.em_premieres where film_id = $1.id $$;

insert into public.em_directors values (1, 'Quentin'), (2, 'Greta'), (3, 'Nobody');
insert into public.em_films values
  (1, 1, 'Pulp Fiction', 1994), (2, 1, 'Reservoir Dogs', 1992), (3, 2, 'Lady Bird', 2017);
insert into public.em_technical_specs values (1, 'Arriflex'), (2, 'Panavision');
insert into public.em_posters values (10, 1, 'Olly'), (11, 3, 'Kim');
insert into public.em_actors values (1, 'Uma'), (2, 'John'), (3, 'Harvey'), (4, 'Saoirse');
insert into public.em_roles values
  (1, 1, 'Mia'), (1, 2, 'Vincent'), (2, 3, 'Mr. Pink'), (3, 4, 'Christine');
insert into public.em_addresses values (1, 'Leeds'), (2, 'York');
insert into public.em_orders values (1, 'Filter', 1, 2);
insert into public.em_people values (1, 'Grandma', null), (2, 'Mum', 1), (3, 'Kid', 2);
insert into public.em_premieres values (1, 1, 'Cannes'), (2, 1, 'London'), (3, 3, 'Telluride');
`,
);
