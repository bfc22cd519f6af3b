import { kmBetween } from './distance';
import { parseRequest } from './parse-request';
import { toMatchArgs } from './match-args';

describe('parseRequest', () => {
  test('the headline request: skill, category, town, timeline and day-rate budget', () => {
    const parsed = parseRequest(
      'Need a React Native developer in Leeds for a 3 month contract, about £450 a day',
    );
    expect(parsed.categories).toEqual(['software-development']);
    expect(parsed.skills).toEqual(['React Native']);
    expect(parsed.location.places.map((place) => place.name)).toEqual(['Leeds']);
    expect(parsed.location.places[0].nearby).toContain('Bradford');
    expect(parsed.location.remote).toBe(false);
    expect(parsed.budget).toMatchObject({
      amount: 450,
      unit: 'day',
      approximate: true,
      hourly: 60,
    });
    expect(parsed.timeline).toMatchObject({ weeks: 13 });
  });

  test.each([
    ['k8s and Terraform for our platform', ['Kubernetes', 'Terraform']],
    ['set up GA4 and sort our SEO', ['Google Analytics', 'SEO']],
    ['we need a bookkeeper who knows Xero', ['Bookkeeping', 'Xero']],
    ['Postgres DBA for slow queries', ['PostgreSQL', 'Query Tuning']],
    ['pen test of our web app', ['Penetration Testing']],
    ['senior kubernetis engineer', ['Kubernetes']],
    ['C# and .NET developer', ['C#', '.NET']],
  ])('skills lexicon: "%s"', (text, skills) => {
    expect(parseRequest(text).skills).toEqual(expect.arrayContaining(skills));
  });

  test.each([
    ['a DBA to tune our database', 'database-management'],
    ['UX designer for a charity website', 'ux-ui-design'],
    ['automation tester with Playwright', 'quality-assurance'],
    ['security analyst who also knows SQL', 'cybersecurity'],
    ['data scientist to build a churn model', 'ai-machine-learning'],
    ['Scrum master for two teams', 'project-management'],
    ['move our servers to AWS', 'cloud-services'],
  ])('category: "%s" is %s', (text, category) => {
    expect(parseRequest(text).categories[0]).toBe(category);
  });

  test('places: a town or remote, a whole region, an area, and a typo', () => {
    const either = parseRequest('Python developer, Manchester or remote');
    expect(either.location.places.map((place) => place.name)).toEqual(['Manchester']);
    expect(either.location.remote).toBe(true);
    const scotland = parseRequest('anywhere in Scotland');
    expect(scotland.location.places[0]).toMatchObject({ name: 'Scotland', kind: 'region' });
    expect(scotland.location.places[0].towns).toEqual(
      expect.arrayContaining(['Glasgow', 'Aberdeen']),
    );
    expect(parseRequest('based in the Midlands').location.places[0].towns).toContain('Nottingham');
    expect(parseRequest('someone near Edinbrugh').location.places[0]?.name).toBe('Edinburgh');
    expect(parseRequest('Newcastle please').location.places[0]?.name).toBe('Newcastle upon Tyne');
  });

  test('ordinary words that are also towns count only when capitalised', () => {
    expect(parseRequest('reading and cleaning CSV data').location.places).toEqual([]);
    expect(parseRequest('on site in Reading').location.places[0]?.name).toBe('Reading');
  });

  test.each([
    ['£500/day', { amount: 500, unit: 'day', hourly: 67 }],
    ['£60 an hour', { amount: 60, unit: 'hour', hourly: 60 }],
    ['around 10k fixed', { amount: 10000, unit: 'fixed', approximate: true }],
    ['budget of £3,000 for the job', { amount: 3000, unit: 'fixed' }],
    ['£400-£450 p/d', { amount: 450, unit: 'day' }],
    ['up to £8k a month', { amount: 8000, unit: 'month', hourly: 53 }],
    ['£55ph', { amount: 55, unit: 'hour' }],
  ])('budget: "%s"', (text, expected) => {
    expect(parseRequest(text).budget).toMatchObject(expected);
  });

  test('numbers that are not money are not a budget', () => {
    expect(parseRequest('3 month contract, 2 days a week, ISO 27001').budget).toBeUndefined();
  });

  test('timeline, seniority and must-haves', () => {
    const parsed = parseRequest(
      'Senior Java developer to start next week for six weeks. Must have Kafka; Spring Boot essential, AWS nice to have',
    );
    expect(parsed.timeline).toMatchObject({ start: 'next week', weeks: 6 });
    expect(parsed.seniority).toBe('senior');
    expect(parsed.mustHaves).toEqual(expect.arrayContaining(['Kafka', 'Spring Boot']));
    expect(parsed.mustHaves).not.toContain('AWS');
    expect(parseRequest('junior tester ASAP').timeline?.start).toBe('asap');
    expect(parseRequest('must be verified').requireVerified).toBe(true);
  });

  test('the database arguments carry towns, nearby towns and the hourly budget', () => {
    const args = toMatchArgs(
      parseRequest(
        'Need a React Native developer in Leeds for a 3 month contract, about £450 a day',
      ),
    );
    expect(args).toMatchObject({
      p_skills: ['React Native'],
      p_categories: ['software-development'],
      p_towns: ['Leeds'],
      p_remote: false,
      p_budget_hourly: 60,
      p_budget_unit: 'day',
      p_budget_approximate: true,
    });
    expect(args.p_nearby).toContain('Wakefield');
    expect(args.p_nearby).not.toContain('Leeds');
  });

  test.each([
    [
      'We need a penetration test on our web app before our ISO 27001 audit in March',
      ['Penetration Testing'],
      ['ISO 27001'],
      'cybersecurity',
    ],
    [
      "We've got reporting off spreadsheets and want it all in BigQuery on Google Cloud",
      ['Google Cloud'],
      ['Data Analysis', 'Excel'],
      'cloud-services',
    ],
    [
      "We're an e-commerce firm using Shopify and a custom Node backend. Need our APIs pen tested.",
      ['Penetration Testing'],
      ['Shopify', 'Node.js', 'REST APIs'],
      'cybersecurity',
    ],
    [
      'Please test our iPhone and Android apps on real phones before launch',
      [],
      ['iOS', 'Android'],
      'quality-assurance',
    ],
    [
      'Power BI dashboards for our sales team, data is in Excel and Xero',
      ['Power BI'],
      ['Excel', 'Xero'],
      'business-analysis',
    ],
  ])('need and context: "%s"', (text, need, context, category) => {
    const parsed = parseRequest(text);
    expect(parsed.skills).toEqual(need);
    expect(parsed.context).toEqual(context);
    expect(parsed.categories[0]).toBe(category);
    expect(toMatchArgs(parsed).p_context).toEqual(context);
  });

  test('a skill followed by the person asked for decides the category', () => {
    expect(parseRequest('Azure engineer with Terraform for our environments').categories).toEqual([
      'cloud-services',
    ]);
    expect(parseRequest('a BA to write user stories for an agile team').categories[0]).toBe(
      'business-analysis',
    );
  });

  test('a request that is all context keeps its skills as the need', () => {
    const parsed = parseRequest('We use AWS');
    expect(parsed.skills).toEqual(['AWS']);
    expect(parsed.context).toEqual([]);
  });

  test('everyday words for a need find its skill', () => {
    expect(parseRequest('Dockerise our app, Manchester').skills).toEqual(['Docker']);
    expect(parseRequest('a recommendation engine for our shop').skills).toEqual([
      'Machine Learning',
    ]);
    expect(parseRequest('load test the site before launch').skills).toEqual([
      'Performance Testing',
    ]);
  });

  test('a named town carries distances to every town; a region alone does not', () => {
    const args = toMatchArgs(parseRequest('Linux admin based in Leeds'));
    expect(args.p_distance_km?.leeds).toBe(0);
    expect(args.p_distance_km?.york).toBe(35);
    expect(args.p_distance_km?.cardiff).toBe(280);
    expect(kmBetween('Leeds', 'York')).toBeCloseTo(35, 0);
    expect(toMatchArgs(parseRequest('Linux admin anywhere in Scotland')).p_distance_km).toBe(
      undefined,
    );
  });
});
