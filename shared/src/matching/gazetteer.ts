/**
 * A small UK gazetteer: towns and cities by region, with the names people use for areas
 * ("the Midlands", "the North West", "Greater Manchester"). Matching turns a place into the set of
 * towns a professional may be based in: the town itself, or every town of a region.
 */
export interface Region {
  name: string;
  /** Lower-case ways of writing the region ("anywhere in Scotland", "the north west"). */
  aliases: readonly string[];
  towns: readonly string[];
}

export const REGIONS: readonly Region[] = [
  {
    name: 'London',
    aliases: ['greater london', 'central london', 'the city of london', 'city of london'],
    towns: [
      'London',
      'Croydon',
      'Kingston upon Thames',
      'Harrow',
      'Bromley',
      'Romford',
      'Stratford',
    ],
  },
  {
    name: 'South East',
    aliases: [
      'south east',
      'south-east',
      'the south east',
      'home counties',
      'south of england',
      'southern england',
    ],
    towns: [
      'Brighton',
      'Reading',
      'Oxford',
      'Milton Keynes',
      'Southampton',
      'Portsmouth',
      'Guildford',
      'Maidstone',
      'Canterbury',
      'Slough',
      'Crawley',
      'High Wycombe',
      'Basingstoke',
      'Woking',
      'Tunbridge Wells',
      'Chichester',
      'Winchester',
      'Eastbourne',
      'Aylesbury',
      'Bracknell',
    ],
  },
  {
    name: 'South West',
    aliases: ['south west', 'south-west', 'the south west', 'west country', 'the west country'],
    towns: [
      'Bristol',
      'Bath',
      'Exeter',
      'Plymouth',
      'Swindon',
      'Gloucester',
      'Cheltenham',
      'Bournemouth',
      'Poole',
      'Truro',
      'Taunton',
      'Torquay',
      'Salisbury',
    ],
  },
  {
    name: 'East of England',
    aliases: ['east of england', 'east anglia', 'the east of england'],
    towns: [
      'Cambridge',
      'Norwich',
      'Ipswich',
      'Peterborough',
      'Colchester',
      'Chelmsford',
      'Luton',
      'St Albans',
      'Watford',
      'Stevenage',
      'Southend-on-Sea',
      'Bedford',
    ],
  },
  {
    name: 'West Midlands',
    aliases: ['west midlands', 'the west midlands', 'black country'],
    towns: [
      'Birmingham',
      'Coventry',
      'Wolverhampton',
      'Stoke-on-Trent',
      'Worcester',
      'Hereford',
      'Solihull',
      'Walsall',
      'Telford',
      'Shrewsbury',
      'Warwick',
      'Leamington Spa',
    ],
  },
  {
    name: 'East Midlands',
    aliases: ['east midlands', 'the east midlands'],
    towns: [
      'Nottingham',
      'Leicester',
      'Derby',
      'Lincoln',
      'Northampton',
      'Loughborough',
      'Mansfield',
      'Chesterfield',
    ],
  },
  {
    name: 'Yorkshire and the Humber',
    aliases: [
      'yorkshire',
      'yorkshire and the humber',
      'west yorkshire',
      'south yorkshire',
      'north yorkshire',
      'the humber',
    ],
    towns: [
      'Leeds',
      'Sheffield',
      'Bradford',
      'York',
      'Hull',
      'Huddersfield',
      'Wakefield',
      'Doncaster',
      'Harrogate',
      'Halifax',
      'Rotherham',
    ],
  },
  {
    name: 'North West',
    aliases: [
      'north west',
      'north-west',
      'the north west',
      'greater manchester',
      'merseyside',
      'lancashire',
      'cheshire',
      'cumbria',
    ],
    towns: [
      'Manchester',
      'Liverpool',
      'Salford',
      'Stockport',
      'Bolton',
      'Preston',
      'Warrington',
      'Chester',
      'Lancaster',
      'Blackpool',
      'Wigan',
      'Oldham',
      'Carlisle',
      'Altrincham',
    ],
  },
  {
    name: 'North East',
    aliases: ['north east', 'north-east', 'the north east', 'tyneside', 'teesside'],
    towns: [
      'Newcastle upon Tyne',
      'Sunderland',
      'Durham',
      'Middlesbrough',
      'Gateshead',
      'Darlington',
    ],
  },
  {
    name: 'Scotland',
    aliases: ['scotland', 'scottish', 'central belt', 'the highlands', 'highlands'],
    towns: [
      'Glasgow',
      'Edinburgh',
      'Aberdeen',
      'Dundee',
      'Inverness',
      'Stirling',
      'Perth',
      'Paisley',
      'Livingston',
    ],
  },
  {
    name: 'Wales',
    aliases: ['wales', 'welsh', 'south wales', 'north wales'],
    towns: ['Cardiff', 'Swansea', 'Newport', 'Wrexham', 'Bangor', 'Aberystwyth'],
  },
  {
    name: 'Northern Ireland',
    aliases: ['northern ireland', 'ni'],
    towns: ['Belfast', 'Derry', 'Lisburn', 'Newry'],
  },
];

/** Areas made of several regions. */
export const AREAS: readonly {
  name: string;
  aliases: readonly string[];
  regions: readonly string[];
}[] = [
  {
    name: 'the Midlands',
    aliases: ['midlands', 'the midlands'],
    regions: ['West Midlands', 'East Midlands'],
  },
  {
    name: 'the North of England',
    aliases: ['the north', 'north of england', 'northern england', 'up north'],
    regions: ['North West', 'North East', 'Yorkshire and the Humber'],
  },
];

/** Other spellings of towns ("Newcastle", "Brum"). */
export const TOWN_ALIASES: Readonly<Record<string, string>> = {
  newcastle: 'Newcastle upon Tyne',
  brum: 'Birmingham',
  'milton keynes': 'Milton Keynes',
  mk: 'Milton Keynes',
  southend: 'Southend-on-Sea',
  stoke: 'Stoke-on-Trent',
  kingston: 'Kingston upon Thames',
  londonderry: 'Derry',
  leamington: 'Leamington Spa',
  'st albans': 'St Albans',
  'st. albans': 'St Albans',
  edinborough: 'Edinburgh',
};

/** Town names that are also ordinary words: matched only when written with a capital letter. */
export const CAPITALISED_ONLY: ReadonlySet<string> = new Set([
  'reading',
  'bath',
  'poole',
  'derby',
  'lincoln',
  'perth',
  'warwick',
  'chester',
  'newport',
  'bangor',
  'halifax',
  'hull',
  'stratford',
  'harrow',
  'durham',
  'preston',
  'york',
]);

const regionOfTown = new Map<string, Region>();
for (const region of REGIONS) for (const town of region.towns) regionOfTown.set(town, region);

export function regionOf(town: string): Region | undefined {
  return regionOfTown.get(town);
}

export const ALL_TOWNS: readonly string[] = REGIONS.flatMap((region) => region.towns);
