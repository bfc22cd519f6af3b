/**
 * Personas: the kinds of professional the demo data is made of. A persona fixes what must agree
 * for a profile to make sense: its job titles, the skills anyone with that title has (core), the
 * skills some of them add (extra), its categories, its GBP hourly rate band and what its About
 * text says the person does. Skill names are the canonical names of the matching lexicon
 * (shared/src/matching/skills-lexicon.ts); a backend test keeps the two in step.
 */
export interface Persona {
  /** Category slugs; the first is the persona's main category. */
  categories: readonly string[];
  titles: readonly string[];
  core: readonly string[];
  extra: readonly string[];
  /** Typical lowest and highest hourly rate for a mid-level professional, whole pounds. */
  rate: readonly [number, number];
  /** What they do, completing "I ..." in the About text. */
  does: readonly string[];
  /** Typical deliverables, completing "Recent work: ...". */
  work: readonly string[];
}

const persona = (p: Persona) => p;

export const PERSONAS: readonly Persona[] = [
  // software development
  persona({
    categories: ['software-development'],
    titles: ['React Developer', 'Front-end Developer', 'React Engineer'],
    core: ['React', 'TypeScript', 'JavaScript'],
    extra: [
      'Next.js',
      'Redux',
      'GraphQL',
      'HTML & CSS',
      'Tailwind CSS',
      'Accessibility',
      'REST APIs',
    ],
    rate: [50, 85],
    does: [
      'build fast, accessible React front ends',
      'turn designs into clean, tested React components',
    ],
    work: [
      'a customer portal for an insurer',
      'an e-commerce checkout rebuild',
      'a design-system migration to TypeScript',
    ],
  }),
  persona({
    categories: ['software-development'],
    titles: ['React Native Developer', 'Mobile App Developer', 'Mobile Engineer'],
    core: ['React Native', 'Mobile Apps', 'TypeScript'],
    extra: ['React', 'iOS', 'Android', 'Expo', 'Redux', 'REST APIs', 'Stripe'],
    rate: [50, 90],
    does: [
      'ship iOS and Android apps from one React Native codebase',
      'build and publish mobile apps to the App Store and Google Play',
    ],
    work: [
      'a booking app for a chain of gyms',
      'an NHS patient app',
      'a field-service app that works offline',
    ],
  }),
  persona({
    categories: ['software-development'],
    titles: ['Node.js Developer', 'Back-end Developer', 'API Engineer'],
    core: ['Node.js', 'TypeScript', 'REST APIs'],
    extra: ['PostgreSQL', 'GraphQL', 'AWS', 'Docker', 'Microservices', 'Redis', 'Kafka'],
    rate: [50, 90],
    does: [
      'design and build reliable APIs in Node.js',
      'build back-end services that stay fast under load',
    ],
    work: [
      'a payments API for a fintech',
      'an order-management service',
      'a GraphQL gateway over legacy systems',
    ],
  }),
  persona({
    categories: ['software-development'],
    titles: ['Full Stack Developer', 'Full Stack Engineer', 'Web Developer'],
    core: ['React', 'Node.js', 'TypeScript'],
    extra: ['PostgreSQL', 'Next.js', 'GraphQL', 'AWS', 'Docker', 'REST APIs', 'Stripe'],
    rate: [50, 90],
    does: [
      'build web products end to end, from database to interface',
      'take features from idea to production across the whole stack',
    ],
    work: [
      'a SaaS dashboard for a logistics firm',
      'an MVP for a seed-funded start-up',
      'a membership platform for a charity',
    ],
  }),
  persona({
    categories: ['software-development'],
    titles: ['Python Developer', 'Django Developer', 'Back-end Python Engineer'],
    core: ['Python', 'Django', 'REST APIs'],
    extra: ['FastAPI', 'Flask', 'PostgreSQL', 'Docker', 'AWS', 'Redis'],
    rate: [45, 85],
    does: [
      'build Django and Python web services',
      'write maintainable Python back ends and integrations',
    ],
    work: [
      'a case-management system for a council',
      'an internal reporting tool',
      'a data API for a research team',
    ],
  }),
  persona({
    categories: ['software-development'],
    titles: ['Java Developer', 'Java Engineer', 'Spring Boot Developer'],
    core: ['Java', 'Spring Boot', 'Microservices'],
    extra: ['Kotlin', 'Kafka', 'PostgreSQL', 'Docker', 'AWS', 'REST APIs'],
    rate: [55, 95],
    does: [
      'build and modernise Java services for regulated businesses',
      'break monoliths into well-behaved Spring Boot services',
    ],
    work: [
      'a trading-platform integration for a bank',
      'a claims service for an insurer',
      'a Kafka event pipeline',
    ],
  }),
  persona({
    categories: ['software-development'],
    titles: ['.NET Developer', 'C# Developer', 'ASP.NET Developer'],
    core: ['C#', '.NET'],
    extra: ['Azure', 'SQL Server', 'REST APIs', 'Microservices', 'Angular', 'Docker'],
    rate: [45, 85],
    does: [
      'build business applications in C# and .NET',
      'maintain and modernise .NET systems on Azure',
    ],
    work: [
      'a line-of-business app for a housing association',
      'an ERP integration',
      'a .NET Framework to .NET 8 upgrade',
    ],
  }),
  persona({
    categories: ['software-development'],
    titles: ['iOS Developer', 'Swift Developer'],
    core: ['Swift', 'iOS', 'Mobile Apps'],
    extra: ['REST APIs', 'Accessibility', 'Stripe'],
    rate: [55, 95],
    does: ['build native iPhone and iPad apps in Swift'],
    work: ['a banking app feature', 'a fitness-tracking app', 'an accessible ticketing app'],
  }),
  persona({
    categories: ['software-development'],
    titles: ['Android Developer', 'Kotlin Developer'],
    core: ['Kotlin', 'Android', 'Mobile Apps'],
    extra: ['Java', 'REST APIs', 'Flutter'],
    rate: [50, 90],
    does: ['build native Android apps in Kotlin'],
    work: ['a delivery-driver app', 'a retail loyalty app', 'an offline-first inspection app'],
  }),
  persona({
    categories: ['software-development'],
    titles: ['PHP Developer', 'Laravel Developer', 'WordPress Developer'],
    core: ['PHP', 'Laravel'],
    extra: ['WordPress', 'MySQL', 'Vue.js', 'JavaScript', 'REST APIs', 'Shopify'],
    rate: [35, 70],
    does: [
      'build and look after PHP and Laravel websites and apps',
      'build custom WordPress and Laravel sites that editors enjoy using',
    ],
    work: [
      'a bookings site for a hotel group',
      'a WooCommerce to Laravel migration',
      'a members area for a trade body',
    ],
  }),
  persona({
    categories: ['software-development'],
    titles: ['Vue.js Developer', 'Front-end Engineer'],
    core: ['Vue.js', 'JavaScript'],
    extra: ['TypeScript', 'Tailwind CSS', 'HTML & CSS', 'REST APIs', 'Laravel'],
    rate: [45, 80],
    does: ['build responsive Vue.js front ends'],
    work: ['a property-search site', 'a booking widget', 'an admin console for a SaaS product'],
  }),
  persona({
    categories: ['software-development', 'devops-infrastructure'],
    titles: ['Go Developer', 'Golang Engineer'],
    core: ['Go', 'Microservices'],
    extra: ['Kubernetes', 'Docker', 'PostgreSQL', 'REST APIs', 'Kafka'],
    rate: [60, 100],
    does: ['build fast, simple services in Go'],
    work: [
      'a high-throughput event processor',
      'a Kubernetes operator',
      'a pricing service for an energy supplier',
    ],
  }),
  // devops and infrastructure
  persona({
    categories: ['devops-infrastructure', 'cloud-services'],
    titles: ['DevOps Engineer', 'DevOps Consultant'],
    core: ['Kubernetes', 'Docker', 'CI/CD'],
    extra: [
      'Terraform',
      'GitHub Actions',
      'Helm',
      'AWS',
      'Azure',
      'Prometheus',
      'Ansible',
      'GitLab CI',
    ],
    rate: [55, 100],
    does: [
      'automate build, test and deployment pipelines',
      'run containers in production without late-night pages',
    ],
    work: [
      'a move from hand-built servers to Kubernetes',
      'a CI/CD pipeline that cut release time from days to minutes',
      'a GitOps rollout',
    ],
  }),
  persona({
    categories: ['devops-infrastructure', 'system-administration'],
    titles: ['Site Reliability Engineer', 'SRE'],
    core: ['Kubernetes', 'Observability', 'Incident Management'],
    extra: ['Prometheus', 'Grafana', 'Terraform', 'Go', 'Linux', 'AWS'],
    rate: [65, 110],
    does: ['keep busy services reliable with good monitoring and calm incident response'],
    work: [
      'SLOs and alerting for a retail platform',
      'an on-call and incident process',
      'capacity planning for peak season',
    ],
  }),
  persona({
    categories: ['devops-infrastructure', 'cloud-services'],
    titles: ['Platform Engineer', 'Infrastructure Engineer'],
    core: ['Terraform', 'Kubernetes', 'Helm'],
    extra: ['Argo CD', 'AWS', 'Google Cloud', 'Azure', 'GitHub Actions', 'Observability'],
    rate: [60, 105],
    does: [
      'build internal platforms so product teams can ship on their own',
      'write infrastructure as code that others can maintain',
    ],
    work: [
      'a self-service Kubernetes platform',
      'a Terraform module library',
      'a multi-account AWS setup',
    ],
  }),
  persona({
    categories: ['devops-infrastructure'],
    titles: ['CI/CD Engineer', 'Build and Release Engineer'],
    core: ['CI/CD', 'Jenkins', 'GitHub Actions'],
    extra: ['GitLab CI', 'Docker', 'Bash', 'Test Automation'],
    rate: [50, 85],
    does: ['make builds and releases fast, repeatable and boring'],
    work: [
      'a Jenkins to GitHub Actions migration',
      'release automation for a mobile team',
      'build caching that halved CI time',
    ],
  }),
  // databases
  persona({
    categories: ['database-management'],
    titles: ['Database Administrator', 'PostgreSQL DBA', 'PostgreSQL Consultant'],
    core: ['PostgreSQL', 'Query Tuning', 'Backup and Recovery'],
    extra: ['MySQL', 'Data Modelling', 'Database Migration', 'Linux', 'AWS', 'Redis'],
    rate: [50, 95],
    does: [
      'tune, secure and look after PostgreSQL databases',
      'make slow databases fast and keep backups honest',
    ],
    work: [
      'a 2 TB PostgreSQL upgrade with minutes of downtime',
      'query tuning that cut page loads by 80%',
      'replication and point-in-time recovery',
    ],
  }),
  persona({
    categories: ['database-management'],
    titles: ['SQL Server DBA', 'SQL Server Consultant'],
    core: ['SQL Server', 'SQL', 'Query Tuning'],
    extra: ['Backup and Recovery', 'Azure', 'Data Modelling', 'Power BI', 'Database Migration'],
    rate: [50, 90],
    does: ['run and tune Microsoft SQL Server estates'],
    work: [
      'a SQL Server 2012 to Azure SQL migration',
      'an always-on availability group',
      'index and query tuning for an ERP',
    ],
  }),
  persona({
    categories: ['database-management', 'ai-machine-learning'],
    titles: ['Data Engineer', 'Analytics Engineer'],
    core: ['SQL', 'ETL', 'Python'],
    extra: ['dbt', 'Snowflake', 'Airflow', 'Data Warehousing', 'Google Cloud', 'AWS', 'Kafka'],
    rate: [55, 100],
    does: [
      'build data pipelines and warehouses people trust',
      'turn messy sources into clean, modelled tables',
    ],
    work: [
      'a Snowflake warehouse for a retailer',
      'dbt models for finance reporting',
      'streaming ingestion from IoT sensors',
    ],
  }),
  persona({
    categories: ['database-management'],
    titles: ['MongoDB Consultant', 'NoSQL Database Engineer'],
    core: ['MongoDB', 'Data Modelling'],
    extra: ['Redis', 'Node.js', 'Query Tuning', 'AWS'],
    rate: [50, 90],
    does: ['design and scale MongoDB and Redis data stores'],
    work: [
      'a sharded MongoDB cluster',
      'a caching layer with Redis',
      'a schema redesign for a content platform',
    ],
  }),
  // design
  persona({
    categories: ['ux-ui-design'],
    titles: ['UX Designer', 'UX Consultant'],
    core: ['User Research', 'Wireframing', 'Figma'],
    extra: [
      'Usability Testing',
      'Prototyping',
      'Information Architecture',
      'Service Design',
      'Accessibility',
    ],
    rate: [45, 85],
    does: [
      'design services around what users actually need',
      'research, sketch and test until the journey is obvious',
    ],
    work: [
      'a GOV.UK-style application service',
      'a checkout redesign that lifted conversion 12%',
      'an onboarding journey for a bank',
    ],
  }),
  persona({
    categories: ['ux-ui-design'],
    titles: ['UI Designer', 'Visual Designer'],
    core: ['Figma', 'Visual Design', 'Design Systems'],
    extra: ['Prototyping', 'Accessibility', 'Interaction Design', 'HTML & CSS'],
    rate: [40, 75],
    does: ['design clear, consistent interfaces and the design systems behind them'],
    work: [
      'a component library in Figma',
      'a brand refresh for a SaaS product',
      'marketing site and app screens',
    ],
  }),
  persona({
    categories: ['ux-ui-design'],
    titles: ['Product Designer', 'Senior Product Designer'],
    core: ['Figma', 'Prototyping', 'User Research'],
    extra: [
      'Design Systems',
      'Usability Testing',
      'Interaction Design',
      'Wireframing',
      'Product Management',
    ],
    rate: [50, 90],
    does: ['design products end to end, from research to polished screens'],
    work: [
      'a B2B analytics product',
      'a mobile banking feature',
      'a marketplace search experience',
    ],
  }),
  persona({
    categories: ['ux-ui-design', 'quality-assurance'],
    titles: ['Accessibility Specialist', 'Accessibility Consultant'],
    core: ['Accessibility', 'Accessibility Testing', 'Usability Testing'],
    extra: ['HTML & CSS', 'User Research', 'Design Systems'],
    rate: [50, 90],
    does: ['make websites and apps work for everyone, to WCAG 2.2 AA'],
    work: [
      'an accessibility audit for a university',
      'a public-sector accessibility statement',
      'screen-reader fixes for a retailer',
    ],
  }),
  // business analysis, analytics and finance
  persona({
    categories: ['business-analysis'],
    titles: ['Business Analyst', 'Senior Business Analyst'],
    core: ['Requirements Gathering', 'Process Mapping', 'Stakeholder Management'],
    extra: ['User Stories', 'BPMN', 'Jira', 'SQL', 'Agile', 'Service Design'],
    rate: [40, 80],
    does: [
      'turn business needs into clear requirements',
      'map how work really happens and what should change',
    ],
    work: [
      'requirements for a CRM replacement',
      'process maps for a claims team',
      'a target operating model for a council',
    ],
  }),
  persona({
    categories: ['business-analysis'],
    titles: ['Data Analyst', 'BI Analyst', 'Power BI Developer'],
    core: ['Data Analysis', 'Power BI', 'SQL'],
    extra: ['Excel', 'Tableau', 'Python', 'Statistics'],
    rate: [35, 70],
    does: [
      'turn data into dashboards and answers people use',
      'build Power BI reports that decision makers trust',
    ],
    work: [
      'a sales dashboard for a distributor',
      'KPI reporting for a care provider',
      'a churn analysis for a subscription business',
    ],
  }),
  persona({
    categories: ['business-analysis'],
    titles: ['Digital Marketing Analyst', 'Marketing Analytics Consultant', 'SEO Consultant'],
    core: ['Google Analytics', 'SEO', 'Digital Marketing'],
    extra: ['Data Analysis', 'Excel', 'Power BI'],
    rate: [35, 70],
    does: [
      'measure and improve digital marketing with GA4 and SEO',
      'find out which marketing spend actually works',
    ],
    work: [
      'a GA4 migration and tracking plan',
      'an SEO audit for an online retailer',
      'attribution reporting for a travel brand',
    ],
  }),
  persona({
    categories: ['business-analysis'],
    titles: ['Bookkeeper', 'Freelance Bookkeeper', 'Finance Analyst'],
    core: ['Bookkeeping', 'Xero'],
    extra: ['QuickBooks', 'VAT Returns', 'Management Accounts', 'Excel', 'Financial Modelling'],
    rate: [25, 50],
    does: [
      'keep the books of small businesses tidy, on time and HMRC-ready',
      'look after bookkeeping, VAT and month-end for small firms',
    ],
    work: [
      'monthly bookkeeping for a chain of cafés',
      'VAT returns under Making Tax Digital',
      'management accounts for a charity',
    ],
  }),
  // project management
  persona({
    categories: ['project-management'],
    titles: ['Project Manager', 'IT Project Manager', 'Senior Project Manager'],
    core: ['PRINCE2', 'Risk Management', 'Stakeholder Management'],
    extra: ['Budgeting', 'Agile', 'Jira', 'PMO', 'Change Management'],
    rate: [45, 85],
    does: [
      'deliver projects on time and on budget, with no surprises',
      'run projects with clear plans, risks and reporting',
    ],
    work: [
      'an office relocation and IT refresh',
      'a CRM roll-out for 400 users',
      'a data-centre exit',
    ],
  }),
  persona({
    categories: ['project-management'],
    titles: ['Scrum Master', 'Agile Coach', 'Agile Delivery Lead'],
    core: ['Scrum', 'Agile', 'Jira'],
    extra: ['Kanban', 'User Stories', 'Stakeholder Management', 'Change Management'],
    rate: [45, 85],
    does: [
      'help teams deliver steadily with Scrum and Kanban',
      'coach teams into a calm, predictable delivery rhythm',
    ],
    work: [
      'an agile transformation for a digital agency',
      'three Scrum teams at a fintech',
      'a delivery reset for a late programme',
    ],
  }),
  persona({
    categories: ['project-management'],
    titles: ['Programme Manager', 'Delivery Manager'],
    core: ['Programme Management', 'Stakeholder Management', 'Risk Management'],
    extra: ['Budgeting', 'PMO', 'PRINCE2', 'Agile', 'Change Management'],
    rate: [60, 110],
    does: ['run multi-team programmes and keep senior stakeholders aligned'],
    work: [
      'a £12m digital programme for a housing group',
      'a merger integration',
      'an ERP programme across five sites',
    ],
  }),
  persona({
    categories: ['project-management', 'business-analysis'],
    titles: ['Product Owner', 'Product Manager'],
    core: ['Product Management', 'User Stories', 'Agile'],
    extra: ['Jira', 'Stakeholder Management', 'User Research', 'Data Analysis'],
    rate: [50, 90],
    does: ['own the backlog and decide what gets built next, and why'],
    work: [
      'a roadmap for a SaaS start-up',
      'a customer self-service product',
      'a discovery phase for a public service',
    ],
  }),
  // cybersecurity
  persona({
    categories: ['cybersecurity'],
    titles: ['Penetration Tester', 'CREST Penetration Tester', 'Ethical Hacker'],
    core: ['Penetration Testing', 'OWASP', 'Burp Suite'],
    extra: ['Threat Modelling', 'Cloud Security', 'Linux', 'Vulnerability Management'],
    rate: [65, 120],
    does: ['find the holes in web apps and networks before attackers do'],
    work: [
      'a web application test for a lender',
      'an internal network test for a law firm',
      'an API test ahead of a launch',
    ],
  }),
  persona({
    categories: ['cybersecurity'],
    titles: ['Security Consultant', 'Information Security Consultant', 'GRC Consultant'],
    core: ['ISO 27001', 'Cyber Essentials', 'GDPR'],
    extra: [
      'Risk Management',
      'Security Audit',
      'Threat Modelling',
      'Identity and Access Management',
    ],
    rate: [60, 115],
    does: [
      'take businesses through ISO 27001 and Cyber Essentials',
      'build security programmes that pass audits and actually protect',
    ],
    work: [
      'ISO 27001 certification for a SaaS firm',
      'Cyber Essentials Plus for a charity',
      'a GDPR gap analysis',
    ],
  }),
  persona({
    categories: ['cybersecurity'],
    titles: ['SOC Analyst', 'Cyber Security Analyst', 'Incident Responder'],
    core: ['SIEM', 'Incident Response', 'Vulnerability Management'],
    extra: ['Threat Modelling', 'Linux', 'Cloud Security', 'Microsoft 365'],
    rate: [45, 90],
    does: ['detect and respond to threats, and tune the alerts that find them'],
    work: [
      'a Microsoft Sentinel deployment',
      'incident response after a ransomware attempt',
      'a vulnerability-management process',
    ],
  }),
  persona({
    categories: ['cybersecurity', 'cloud-services'],
    titles: ['Cloud Security Engineer', 'Security Architect'],
    core: ['Cloud Security', 'Identity and Access Management', 'AWS'],
    extra: ['Azure', 'Terraform', 'Threat Modelling', 'Kubernetes'],
    rate: [70, 125],
    does: ['secure cloud estates with sound identity, guard rails and monitoring'],
    work: [
      'an AWS security baseline',
      'zero-trust access for a remote workforce',
      'a cloud security review before a funding round',
    ],
  }),
  // cloud
  persona({
    categories: ['cloud-services'],
    titles: ['AWS Solutions Architect', 'AWS Cloud Engineer'],
    core: ['AWS', 'Cloud Architecture', 'Serverless'],
    extra: [
      'Terraform',
      'Cost Optimisation',
      'Landing Zones',
      'Docker',
      'Kubernetes',
      'Cloud Migration',
    ],
    rate: [65, 120],
    does: ['design AWS architectures that are secure, resilient and affordable'],
    work: [
      'a serverless ordering platform',
      'an AWS landing zone for a scale-up',
      'an AWS bill cut by 35%',
    ],
  }),
  persona({
    categories: ['cloud-services'],
    titles: ['Azure Cloud Engineer', 'Azure Architect'],
    core: ['Azure', 'Cloud Architecture', 'Terraform'],
    extra: [
      'Landing Zones',
      'Cloud Migration',
      'Microsoft 365',
      'Identity and Access Management',
      'Cost Optimisation',
    ],
    rate: [60, 115],
    does: ['design and build Microsoft Azure platforms'],
    work: [
      'an Azure landing zone for a housing association',
      'a move of 60 servers to Azure',
      'Azure cost governance',
    ],
  }),
  persona({
    categories: ['cloud-services'],
    titles: ['Google Cloud Engineer', 'GCP Architect'],
    core: ['Google Cloud', 'Cloud Architecture', 'Kubernetes'],
    extra: ['Terraform', 'Serverless', 'Data Warehousing', 'Cost Optimisation'],
    rate: [65, 115],
    does: ['build on Google Cloud, from GKE to BigQuery'],
    work: [
      'a GKE platform for a media company',
      'a BigQuery analytics stack',
      'a migration from on-premise to GCP',
    ],
  }),
  persona({
    categories: ['cloud-services', 'it-consulting'],
    titles: ['Cloud Migration Consultant', 'Cloud Consultant'],
    core: ['Cloud Migration', 'AWS', 'Azure'],
    extra: [
      'Landing Zones',
      'Cost Optimisation',
      'Cloud Architecture',
      'VMware',
      'Database Migration',
    ],
    rate: [70, 125],
    does: ['plan and run moves from on-premise servers to the cloud'],
    work: [
      'a data-centre exit to AWS',
      'a VMware to Azure migration',
      'a cloud business case for a board',
    ],
  }),
  // system administration
  persona({
    categories: ['system-administration'],
    titles: ['Linux Systems Administrator', 'Linux Engineer'],
    core: ['Linux', 'Bash', 'Ansible'],
    extra: ['Nginx', 'Networking', 'Backup and Recovery', 'Docker', 'Observability'],
    rate: [35, 70],
    does: ['run Linux servers that stay patched, backed up and quiet'],
    work: [
      'an Ubuntu estate automated with Ansible',
      'web servers for a busy publisher',
      'a backup and patching regime',
    ],
  }),
  persona({
    categories: ['system-administration'],
    titles: [
      'Windows Systems Administrator',
      'Microsoft 365 Administrator',
      'Infrastructure Administrator',
    ],
    core: ['Windows Server', 'Active Directory', 'Microsoft 365'],
    extra: [
      'PowerShell',
      'VMware',
      'Azure',
      'Identity and Access Management',
      'Backup and Recovery',
    ],
    rate: [30, 65],
    does: ['look after Windows servers, Active Directory and Microsoft 365'],
    work: [
      'a Microsoft 365 and Intune roll-out',
      'an Active Directory clean-up',
      'a file-server move to SharePoint',
    ],
  }),
  persona({
    categories: ['system-administration'],
    titles: ['Network Engineer', 'Network Administrator'],
    core: ['Networking', 'Cisco'],
    extra: ['Linux', 'Windows Server', 'Vulnerability Management', 'VMware'],
    rate: [40, 75],
    does: ['design and fix office and site networks, Wi-Fi, VPNs and firewalls'],
    work: [
      'Wi-Fi for a multi-site school trust',
      'a firewall replacement',
      'SD-WAN for a retailer',
    ],
  }),
  persona({
    categories: ['system-administration'],
    titles: ['IT Support Engineer', 'IT Support Technician'],
    core: ['IT Support', 'Microsoft 365'],
    extra: ['Windows Server', 'Active Directory', 'Networking', 'PowerShell'],
    rate: [25, 45],
    does: ['keep small offices running: laptops, accounts, printers and Wi-Fi'],
    work: [
      'IT support for a dental group',
      'laptop roll-out for a new office',
      'helpdesk cover for an accountancy firm',
    ],
  }),
  // IT consulting
  persona({
    categories: ['it-consulting'],
    titles: ['IT Strategy Consultant', 'Technology Consultant'],
    core: ['IT Strategy', 'Digital Transformation', 'Vendor Selection'],
    extra: ['Enterprise Architecture', 'Change Management', 'ERP', 'CRM', 'Stakeholder Management'],
    rate: [70, 140],
    does: ['set technology strategy that the board and the teams both understand'],
    work: [
      'a three-year IT strategy for a college group',
      'a CRM vendor selection',
      'a technology review after an acquisition',
    ],
  }),
  persona({
    categories: ['it-consulting', 'software-development'],
    titles: ['Fractional CTO', 'Interim CTO'],
    core: ['Technical Leadership', 'IT Strategy'],
    extra: ['Cloud Architecture', 'Technical Due Diligence', 'Agile', 'AWS', 'Product Management'],
    rate: [90, 160],
    does: ['lead technology for start-ups and scale-ups two days a week'],
    work: [
      'technical due diligence for an investor',
      'hiring a first engineering team',
      'a rescue of a stalled platform build',
    ],
  }),
  persona({
    categories: ['it-consulting'],
    titles: ['Enterprise Architect', 'Solutions Architect'],
    core: ['Enterprise Architecture', 'TOGAF'],
    extra: ['Cloud Architecture', 'IT Strategy', 'ERP', 'Digital Transformation'],
    rate: [75, 140],
    does: ['shape how systems fit together across an organisation'],
    work: [
      'a target architecture for a building society',
      'an integration strategy',
      'an application rationalisation',
    ],
  }),
  persona({
    categories: ['it-consulting', 'project-management'],
    titles: ['Digital Transformation Consultant', 'Transformation Lead'],
    core: ['Digital Transformation', 'Change Management'],
    extra: ['Process Mapping', 'IT Strategy', 'Stakeholder Management', 'Programme Management'],
    rate: [65, 130],
    does: ['lead digital transformation that staff actually adopt'],
    work: [
      'a paperless programme for a care provider',
      'a customer-service transformation',
      'an operating-model redesign',
    ],
  }),
  persona({
    categories: ['it-consulting', 'business-analysis'],
    titles: ['Salesforce Consultant', 'CRM Consultant'],
    core: ['Salesforce', 'CRM'],
    extra: ['Requirements Gathering', 'Process Mapping', 'Data Analysis'],
    rate: [55, 100],
    does: ['implement and tidy up Salesforce and other CRMs'],
    work: [
      'a Salesforce roll-out for a recruiter',
      'a HubSpot migration',
      'CRM reporting for a sales team',
    ],
  }),
  // AI and machine learning
  persona({
    categories: ['ai-machine-learning'],
    titles: ['Machine Learning Engineer', 'ML Engineer'],
    core: ['Machine Learning', 'Python', 'MLOps'],
    extra: ['PyTorch', 'TensorFlow', 'scikit-learn', 'AWS', 'Docker', 'Kubernetes'],
    rate: [65, 130],
    does: ['build machine learning models and put them into production'],
    work: [
      'a demand-forecasting model for a grocer',
      'a fraud-scoring service',
      'a model-monitoring pipeline',
    ],
  }),
  persona({
    categories: ['ai-machine-learning'],
    titles: ['Data Scientist', 'Senior Data Scientist'],
    core: ['Data Science', 'Python', 'Statistics'],
    extra: ['Machine Learning', 'pandas', 'scikit-learn', 'SQL', 'Data Analysis'],
    rate: [55, 110],
    does: ['answer business questions with data, statistics and models'],
    work: [
      'churn prediction for a broadband provider',
      'pricing experiments for a retailer',
      'NHS waiting-list modelling',
    ],
  }),
  persona({
    categories: ['ai-machine-learning'],
    titles: ['LLM Engineer', 'Generative AI Engineer', 'NLP Engineer'],
    core: ['LLMs', 'NLP', 'Python'],
    extra: ['RAG', 'Machine Learning', 'PyTorch', 'MLOps', 'AWS'],
    rate: [70, 140],
    does: ['build products on large language models: assistants, search and document automation'],
    work: [
      'a RAG assistant over policy documents',
      'a support-ticket triage model',
      'contract clause extraction for a law firm',
    ],
  }),
  persona({
    categories: ['ai-machine-learning'],
    titles: ['Computer Vision Engineer'],
    core: ['Computer Vision', 'PyTorch', 'Python'],
    extra: ['Machine Learning', 'MLOps', 'TensorFlow'],
    rate: [65, 130],
    does: ['build computer-vision systems that work in the real world'],
    work: [
      'defect detection on a production line',
      'number-plate recognition',
      'crop monitoring from drone images',
    ],
  }),
  persona({
    categories: ['ai-machine-learning', 'it-consulting'],
    titles: ['AI Consultant', 'AI Strategy Consultant'],
    core: ['AI Strategy', 'LLMs'],
    extra: ['Machine Learning', 'Data Science', 'Digital Transformation', 'GDPR'],
    rate: [80, 150],
    does: ['help businesses find where AI pays off and deliver the first use cases'],
    work: [
      'an AI roadmap for an insurer',
      'a generative-AI pilot for a law firm',
      'AI governance for a public body',
    ],
  }),
  // quality assurance
  persona({
    categories: ['quality-assurance'],
    titles: ['Test Automation Engineer', 'QA Automation Engineer', 'SDET'],
    core: ['Test Automation', 'Playwright', 'TypeScript'],
    extra: ['Cypress', 'Selenium', 'API Testing', 'CI/CD', 'Java'],
    rate: [45, 85],
    does: ['build automated test suites that catch bugs before customers do'],
    work: [
      'a Playwright suite for an e-commerce site',
      'API contract tests for microservices',
      'flaky-test clean-up for a fintech',
    ],
  }),
  persona({
    categories: ['quality-assurance'],
    titles: ['QA Engineer', 'QA Analyst', 'Software Tester'],
    core: ['Manual Testing', 'Test Strategy'],
    extra: ['API Testing', 'Jira', 'Mobile Testing', 'Accessibility Testing', 'Selenium'],
    rate: [30, 60],
    does: ['test software thoroughly and write bugs developers can fix'],
    work: [
      'UAT for a council housing system',
      'regression testing for a mobile app',
      'a test strategy for a re-platforming',
    ],
  }),
  persona({
    categories: ['quality-assurance'],
    titles: ['Performance Test Engineer', 'Performance Tester'],
    core: ['Performance Testing', 'Test Automation'],
    extra: ['API Testing', 'Observability', 'CI/CD'],
    rate: [50, 90],
    does: ['load-test systems and find the bottleneck before launch day'],
    work: [
      'load tests for a ticketing launch',
      'k6 tests in CI',
      'capacity testing for a payroll system',
    ],
  }),
  persona({
    categories: ['quality-assurance', 'software-development'],
    titles: ['Mobile QA Engineer', 'Mobile Test Engineer'],
    core: ['Mobile Testing', 'Test Automation'],
    extra: ['iOS', 'Android', 'Manual Testing', 'API Testing'],
    rate: [40, 75],
    does: ['test iOS and Android apps on real devices and in automation'],
    work: [
      'an Appium suite for a banking app',
      'device-lab testing for a retailer',
      'release testing for a health app',
    ],
  }),
];
