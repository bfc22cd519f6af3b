/**
 * The skills lexicon: one canonical name per skill (the spelling profiles store), the other ways
 * people write it (synonyms, abbreviations, role nouns such as "bookkeeper"), and the service
 * categories the skill belongs to. The demo seed draws its skills from these canonical names.
 */
export interface SkillEntry {
  /** Canonical name, as stored in profiles.skills. */
  name: string;
  /** Lower-case alternatives matched as whole words (the canonical name is matched too). */
  aliases: readonly string[];
  /** Category slugs, most typical first. */
  categories: readonly string[];
}

const SD = 'software-development';
const DEVOPS = 'devops-infrastructure';
const DB = 'database-management';
const UX = 'ux-ui-design';
const BA = 'business-analysis';
const PM = 'project-management';
const SEC = 'cybersecurity';
const CLOUD = 'cloud-services';
const SYS = 'system-administration';
const ITC = 'it-consulting';
const AI = 'ai-machine-learning';
const QA = 'quality-assurance';

const skill = (name: string, aliases: string[], ...categories: string[]): SkillEntry => ({
  name,
  aliases,
  categories,
});

export const SKILLS: readonly SkillEntry[] = [
  // software development
  skill('React', ['reactjs', 'react.js', 'react js'], SD),
  skill('React Native', ['react-native', 'rn app'], SD),
  skill('TypeScript', ['ts', 'typescript'], SD),
  skill('JavaScript', ['js', 'javascript', 'es6', 'ecmascript'], SD),
  skill('Node.js', ['node', 'nodejs', 'node js'], SD),
  skill('Next.js', ['nextjs', 'next js'], SD),
  skill('Vue.js', ['vue', 'vuejs', 'vue js'], SD),
  skill('Angular', ['angularjs'], SD),
  skill('Redux', [], SD),
  skill('GraphQL', ['graph ql', 'apollo'], SD),
  skill('REST APIs', ['rest api', 'restful', 'api development', 'apis', 'rest apis'], SD),
  skill('Python', ['python3'], SD, AI),
  skill('Django', [], SD),
  skill('Flask', [], SD),
  skill('FastAPI', ['fast api'], SD),
  skill('Java', [], SD),
  skill('Spring Boot', ['spring'], SD),
  skill('Kotlin', [], SD),
  skill('C#', ['c sharp', 'csharp'], SD),
  skill('.NET', ['dotnet', 'dot net', 'asp.net', '.net core'], SD),
  skill(
    'Go',
    ['golang', 'go developer', 'go engineer', 'go services', 'go microservices'],
    SD,
    DEVOPS,
  ),
  skill('Rust', [], SD),
  skill('PHP', [], SD),
  skill('Laravel', [], SD),
  skill('WordPress', ['wordpress', 'wp'], SD),
  skill('Shopify', [], SD),
  skill('Ruby on Rails', ['rails', 'ruby', 'ror'], SD),
  skill('Swift', ['swiftui'], SD),
  skill('iOS', ['iphone', 'ipad', 'ios app'], SD),
  skill('Android', ['android app'], SD),
  skill('Flutter', ['dart'], SD),
  skill('Expo', [], SD),
  skill('Mobile Apps', ['mobile app', 'mobile development', 'app developer', 'mobile'], SD),
  skill('Microservices', ['micro services', 'microservice'], SD, CLOUD),
  skill('Kafka', ['apache kafka'], SD, DB),
  skill('Tailwind CSS', ['tailwind'], SD, UX),
  skill('HTML & CSS', ['html', 'css', 'html5', 'css3', 'sass'], SD, UX),
  skill('Stripe', ['stripe payments', 'payments integration'], SD),
  skill('Salesforce', ['sfdc', 'salesforce crm'], SD, ITC),
  // devops and infrastructure
  skill('Kubernetes', ['k8s', 'kube', 'eks', 'aks', 'gke'], DEVOPS, CLOUD),
  skill('Docker', ['containers', 'containerisation', 'containerization'], DEVOPS),
  skill('Terraform', ['tf', 'infrastructure as code', 'iac'], DEVOPS, CLOUD),
  skill('Ansible', [], DEVOPS, SYS),
  skill('Helm', ['helm charts'], DEVOPS),
  skill(
    'CI/CD',
    ['ci cd', 'cicd', 'continuous integration', 'continuous delivery', 'pipelines'],
    DEVOPS,
  ),
  skill('GitHub Actions', ['gh actions'], DEVOPS),
  skill('GitLab CI', ['gitlab'], DEVOPS),
  skill('Jenkins', [], DEVOPS),
  skill('Argo CD', ['argocd', 'gitops'], DEVOPS),
  skill('Prometheus', [], DEVOPS),
  skill('Grafana', [], DEVOPS),
  skill('Observability', ['monitoring', 'logging', 'alerting'], DEVOPS, SYS),
  skill('Incident Management', ['on-call', 'on call', 'incident response runbooks'], DEVOPS),
  // databases and data
  skill('PostgreSQL', ['postgres', 'postgresql', 'psql', 'pg'], DB),
  skill('MySQL', ['mariadb'], DB),
  skill('SQL Server', ['mssql', 'ms sql', 'sql server', 't-sql', 'tsql'], DB),
  skill('Oracle', ['oracle db', 'pl/sql', 'plsql'], DB),
  skill('MongoDB', ['mongo', 'nosql'], DB),
  skill('Redis', [], DB),
  skill('SQL', ['sql queries'], DB, BA),
  skill(
    'Query Tuning',
    ['query optimisation', 'query optimization', 'performance tuning', 'slow queries'],
    DB,
  ),
  skill('Data Modelling', ['data modeling', 'schema design', 'database design'], DB),
  skill('Backup and Recovery', ['backups', 'disaster recovery', 'replication'], DB, SYS),
  skill('Database Migration', ['db migration', 'database upgrade'], DB),
  skill('dbt', ['data build tool'], DB),
  skill('Snowflake', [], DB),
  skill('Airflow', ['apache airflow'], DB),
  skill('ETL', ['data pipelines', 'data pipeline', 'elt'], DB),
  skill('Data Warehousing', ['data warehouse', 'dwh'], DB),
  // design
  skill('Figma', [], UX),
  skill('User Research', ['user interviews', 'ux research', 'customer research'], UX),
  skill('Wireframing', ['wireframes', 'wireframe'], UX),
  skill('Prototyping', ['prototype', 'prototypes'], UX),
  skill('Usability Testing', ['usability test', 'user testing'], UX),
  skill('Design Systems', ['design system', 'component library'], UX),
  skill('Visual Design', ['ui design', 'interface design', 'graphic design'], UX),
  skill('Interaction Design', ['ixd'], UX),
  skill('Accessibility', ['a11y', 'wcag', 'inclusive design'], UX, QA),
  skill('Information Architecture', ['ia', 'card sorting'], UX),
  skill('Service Design', ['journey mapping', 'customer journeys'], UX, BA),
  // business analysis, analytics and finance
  skill(
    'Requirements Gathering',
    ['requirements', 'requirements analysis', 'requirements capture'],
    BA,
  ),
  skill('Process Mapping', ['process modelling', 'process modeling', 'as-is to-be'], BA),
  skill('BPMN', [], BA),
  skill('User Stories', ['backlog refinement', 'acceptance criteria'], BA, PM),
  skill('Stakeholder Management', ['stakeholders', 'stakeholder engagement'], BA, PM),
  skill('Power BI', ['powerbi', 'power-bi', 'dashboards', 'dashboarding'], BA),
  skill('Tableau', [], BA),
  skill('Excel', ['spreadsheets', 'microsoft excel', 'vba'], BA),
  skill('Data Analysis', ['data analyst', 'data analytics', 'reporting'], BA, AI),
  skill('Google Analytics', ['ga4', 'ga 4', 'google analytics 4', 'universal analytics'], BA),
  skill('SEO', ['search engine optimisation', 'search engine optimization'], BA),
  skill(
    'Digital Marketing',
    ['marketing', 'ppc', 'google ads', 'paid search', 'social media marketing'],
    BA,
  ),
  skill('Bookkeeping', ['bookkeeper', 'book keeping', 'book-keeping', 'bookkeepers'], BA),
  skill('Xero', [], BA),
  skill('QuickBooks', ['quickbooks online', 'qbo'], BA),
  skill('VAT Returns', ['vat', 'making tax digital', 'mtd'], BA),
  skill('Management Accounts', ['management accounting', 'month end', 'month-end'], BA),
  skill('Financial Modelling', ['financial modeling', 'forecasting', 'financial forecast'], BA),
  skill('CRM', ['hubspot', 'dynamics 365', 'crm implementation'], BA, ITC),
  // project management
  skill('PRINCE2', ['prince 2', 'prince ii'], PM),
  skill('Agile', ['agile delivery', 'agile coach', 'agile coaching'], PM),
  skill('Scrum', ['scrum master', 'sprints', 'csm'], PM),
  skill('Kanban', [], PM),
  skill('Jira', ['confluence'], PM),
  skill('Risk Management', ['raid log', 'risks and issues'], PM),
  skill('Budgeting', ['budget management', 'cost control'], PM),
  skill('Programme Management', ['program management', 'programme manager', 'msp'], PM),
  skill(
    'Product Management',
    ['product owner', 'product manager', 'roadmap', 'roadmapping'],
    PM,
    BA,
  ),
  skill('PMO', ['project office', 'portfolio management'], PM),
  skill(
    'Change Management',
    ['organisational change', 'organizational change', 'change manager'],
    PM,
    ITC,
  ),
  // cybersecurity
  skill(
    'Penetration Testing',
    [
      'pen testing',
      'pentest',
      'pen test',
      'pentesting',
      'ethical hacking',
      'pen tester',
      'penetration tester',
      'penetration test',
      'pen-test',
      'pen-testing',
    ],
    SEC,
  ),
  skill('OWASP', ['owasp top 10'], SEC),
  skill('Burp Suite', ['burp'], SEC),
  skill('ISO 27001', ['iso27001', 'iso 27k', 'isms'], SEC),
  skill('Cyber Essentials', ['cyber essentials plus', 'ce+'], SEC),
  skill('GDPR', ['data protection', 'uk gdpr', 'dpia'], SEC, ITC),
  skill('SIEM', ['splunk', 'sentinel', 'microsoft sentinel'], SEC),
  skill('Incident Response', ['ir', 'breach response', 'forensics'], SEC),
  skill('Threat Modelling', ['threat modeling', 'threat model'], SEC),
  skill('Vulnerability Management', ['vulnerability scanning', 'patching', 'nessus'], SEC, SYS),
  skill('Cloud Security', ['cspm', 'cloud security posture'], SEC, CLOUD),
  skill(
    'Identity and Access Management',
    ['iam', 'sso', 'single sign-on', 'okta', 'entra id', 'azure ad'],
    SEC,
    SYS,
  ),
  skill('Security Audit', ['security review', 'security assessment', 'security audits'], SEC),
  // cloud
  skill('AWS', ['amazon web services', 'ec2', 's3', 'cloudformation'], CLOUD),
  skill('Azure', ['microsoft azure', 'azure devops'], CLOUD),
  skill('Google Cloud', ['gcp', 'google cloud platform', 'bigquery'], CLOUD),
  skill('Serverless', ['lambda', 'aws lambda', 'azure functions', 'cloud functions'], CLOUD),
  skill(
    'Cloud Migration',
    [
      'migrate to the cloud',
      'lift and shift',
      'migration to aws',
      'migration to azure',
      'cloud move',
    ],
    CLOUD,
  ),
  skill('Cost Optimisation', ['cost optimization', 'finops', 'cloud costs', 'cloud spend'], CLOUD),
  skill('Landing Zones', ['landing zone', 'control tower'], CLOUD),
  skill(
    'Cloud Architecture',
    ['cloud architect', 'solutions architect', 'well-architected'],
    CLOUD,
  ),
  // system administration
  skill('Linux', ['ubuntu', 'debian', 'red hat', 'rhel', 'centos'], SYS),
  skill('Windows Server', ['windows servers', 'server 2019', 'server 2022'], SYS),
  skill('Active Directory', ['ad', 'group policy'], SYS),
  skill('Microsoft 365', ['office 365', 'o365', 'm365', 'exchange', 'sharepoint', 'intune'], SYS),
  skill(
    'Networking',
    ['network', 'networks', 'lan', 'wan', 'wifi', 'wi-fi', 'vpn', 'firewall', 'firewalls'],
    SYS,
  ),
  skill('Cisco', ['ccna', 'ccnp', 'meraki'], SYS),
  skill('VMware', ['vsphere', 'esxi', 'virtualisation', 'virtualization', 'hyper-v'], SYS),
  skill('Bash', ['shell scripting', 'shell scripts'], SYS),
  skill('PowerShell', ['powershell scripting'], SYS),
  skill(
    'IT Support',
    ['helpdesk', 'help desk', 'service desk', '1st line', '2nd line', 'desktop support'],
    SYS,
  ),
  skill('Nginx', ['apache', 'web server'], SYS),
  // IT consulting
  skill('IT Strategy', ['technology strategy', 'tech strategy', 'it roadmap'], ITC),
  skill('Digital Transformation', ['digitisation', 'digitization', 'transformation'], ITC),
  skill(
    'Enterprise Architecture',
    ['enterprise architect', 'solution architecture', 'solutions architecture'],
    ITC,
  ),
  skill('TOGAF', [], ITC),
  skill('Vendor Selection', ['procurement', 'supplier selection', 'tender', 'rfp'], ITC),
  skill(
    'Technical Leadership',
    ['fractional cto', 'interim cto', 'cto', 'tech lead', 'head of engineering'],
    ITC,
    SD,
  ),
  skill('Technical Due Diligence', ['due diligence', 'tech due diligence'], ITC),
  skill('ERP', ['sap', 'netsuite', 'dynamics'], ITC),
  // AI and machine learning
  skill(
    'Machine Learning',
    ['ml', 'machine-learning', 'predictive modelling', 'predictive modeling'],
    AI,
  ),
  skill('PyTorch', ['torch'], AI),
  skill('TensorFlow', ['keras'], AI),
  skill('scikit-learn', ['sklearn', 'scikit learn'], AI),
  skill('pandas', ['numpy', 'jupyter'], AI),
  skill('Statistics', ['statistical modelling', 'statistical analysis', 'a/b testing'], AI),
  skill(
    'LLMs',
    [
      'llm',
      'large language models',
      'large language model',
      'gpt',
      'chatgpt',
      'openai',
      'genai',
      'generative ai',
      'gen ai',
    ],
    AI,
  ),
  skill(
    'RAG',
    ['retrieval augmented generation', 'vector search', 'embeddings', 'vector database'],
    AI,
  ),
  skill('NLP', ['natural language processing', 'text classification', 'chatbot', 'chatbots'], AI),
  skill('Computer Vision', ['cv models', 'image recognition', 'object detection', 'opencv'], AI),
  skill('MLOps', ['ml ops', 'model deployment', 'mlflow', 'sagemaker'], AI),
  skill('Data Science', ['data scientist', 'data science'], AI),
  skill('AI Strategy', ['ai roadmap', 'ai adoption', 'ai consultant', 'ai consultancy'], AI, ITC),
  // quality assurance
  skill('Playwright', ['playwrite', 'play wright'], QA),
  skill('Cypress', [], QA),
  skill('Selenium', ['webdriver'], QA),
  skill(
    'Test Automation',
    [
      'automated testing',
      'automation testing',
      'automated tests',
      'end to end tests',
      'end-to-end tests',
      'e2e tests',
      'e2e testing',
    ],
    QA,
  ),
  skill(
    'Manual Testing',
    ['manual qa', 'exploratory testing', 'regression testing', 'uat', 'user acceptance testing'],
    QA,
  ),
  skill('Test Strategy', ['test plan', 'test planning', 'test approach'], QA),
  skill('Performance Testing', ['load testing', 'stress testing', 'jmeter', 'k6', 'gatling'], QA),
  skill('API Testing', ['postman', 'contract testing'], QA),
  skill(
    'Accessibility Testing',
    ['accessibility audit', 'wcag audit', 'screen reader testing'],
    QA,
    UX,
  ),
  skill('Mobile Testing', ['appium', 'device testing'], QA),
];

const byName = new Map(SKILLS.map((entry) => [entry.name.toLowerCase(), entry]));

/** The lexicon entry for a skill written any way the lexicon knows (canonical name or alias). */
export function findSkill(text: string): SkillEntry | undefined {
  const key = text.trim().toLowerCase();
  return byName.get(key) ?? SKILLS.find((entry) => entry.aliases.includes(key));
}
