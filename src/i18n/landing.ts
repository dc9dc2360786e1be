/**
 * Texts of the public landing page. Its sections, figures and claims are binding; the
 * marketing sentences around them are ours.
 */

export const supportEmail = 'support@mkopo.co.ke';
export const supportPhone = '+254 700 123 456';

export const landingText = {
  brand: 'Mkopo',
  homeLabel: 'Mkopo home',

  nav: {
    features: 'Features',
    howItWorks: 'How it Works',
    faq: 'FAQ',
    login: 'Login',
    register: 'Register',
    toggleTheme: 'Switch between light and dark theme',
  },

  hero: {
    badge: 'Built for Kenyan lenders · M-Pesa native',
    titleStart: 'Grow your lending business with',
    // U+2011 (non-breaking hyphen) keeps "M‑Pesa" on one line in the large heading.
    titleHighlight: 'instant M\u2011Pesa loans',
    description:
      'Mkopo gives lenders one place to fund their business, create loan plans, manage field agents and track every repayment in real time.',
    getStarted: 'Get Started',
    learnMore: 'Learn More',
    assurances: ['No setup fees', 'Live in under a day', 'Support 24/7'],
  },

  heroMock: {
    label: 'Preview of the Mkopo lender dashboard',
    business: 'Kamau Capital',
    period: 'Today',
    capitalLabel: 'Available capital',
    capitalValue: 'KSh 1,245,300',
    capitalChange: '+12.4% this month',
    activeLoansLabel: 'Active loans',
    activeLoansValue: '312',
    activeLoansChange: '+18 this week',
    repaymentLabel: 'Repayment rate',
    repaymentValue: '98%',
    chartLabel: 'Repayments this week',
    days: ['M', 'T', 'W', 'T', 'F', 'S', 'S'],
    activityLabel: 'Live activity',
    activity: [
      {
        key: 'disbursed',
        title: 'Loan disbursed via M-Pesa',
        detail: 'KSh 15,000 to Mary Wambui',
        status: 'Sent',
        time: 'Just now',
      },
      {
        key: 'repaid',
        title: 'Repayment received',
        detail: 'KSh 2,300 · Paybill · MKP7Q2X',
        status: 'Matched',
        time: '2 min',
      },
      {
        key: 'borrower',
        title: 'New borrower registered',
        detail: 'By agent Brian Mutua, Thika',
        status: 'Review',
        time: '9 min',
      },
    ],
    toastTitle: 'M-Pesa disbursement',
    toastText: 'KSh 15,000 sent instantly',
  },

  stats: {
    label: 'Mkopo in numbers',
    items: [
      { value: '10K+', label: 'Active Lenders' },
      { value: 'KSh10M+', label: 'Loans Disbursed' },
      { value: '98%', label: 'Repayment Rate' },
      { value: '24/7', label: 'Customer Support' },
    ],
  },

  features: {
    eyebrow: 'Features',
    title: 'Why Choose Mkopo',
    description:
      'Everything a lending business needs, from the first shilling of capital to the last repayment.',
    items: [
      {
        key: 'loans',
        title: 'Loan management',
        description:
          'Create loan plans with your own interest rates, repayment schedules and penalties, then approve applications in a few taps.',
        points: [
          'Automated repayment tracking',
          'Borrower credibility reports',
          'Penalties applied on schedule',
        ],
      },
      {
        key: 'analytics',
        title: 'Real-time monitoring and analytics',
        description:
          'See capital, disbursements, collections and overdue loans the moment they happen, for every business you run.',
        points: ['Real-time analytics', 'Portfolio and arrears at a glance', 'Exportable reports'],
      },
      {
        key: 'agents',
        title: 'Agent management',
        description:
          'Give field agents their own logins to register borrowers, file applications and follow up on overdue loans.',
        points: [
          'Separate agent accounts',
          'Follow-ups for overdue loans',
          'Activity per agent and area',
        ],
      },
    ],
  },

  howItWorks: {
    eyebrow: 'How it Works',
    title: 'Start lending in four steps',
    description: 'From sign-up to your first M-Pesa disbursement, usually within a day.',
    tipLabel: 'Tip:',
    steps: [
      {
        key: 'signup',
        title: 'Sign up as a lender',
        description:
          'Create your account, complete your profile and submit your documents for a quick review.',
        tip: 'Have your ID and business registration ready to be approved faster.',
      },
      {
        key: 'funds',
        title: 'Load funds',
        description:
          'Add capital to your lending business by M-Pesa or bank transfer. Your balance updates instantly.',
        tip: 'Start with a small float and top up as repayments come in.',
      },
      {
        key: 'plans',
        title: 'Create loan plans',
        description:
          'Set amounts, interest rates, repayment cycles and penalties that match your borrowers.',
        tip: 'Offer a short, small plan first so new borrowers can build credibility.',
      },
      {
        key: 'lend',
        title: 'Start lending',
        description:
          'Approve applications from your agents and disburse to borrowers over M-Pesa in seconds.',
        tip: 'Check the borrower credibility report before you approve a larger loan.',
      },
    ],
  },

  partners: {
    eyebrow: 'Integrations',
    title: 'Works with the way Kenya pays',
    description:
      'Money moves through the channels your borrowers already use every day. No new wallets, no cash in envelopes.',
    items: [
      {
        key: 'mpesa',
        name: 'M-Pesa',
        description: 'Instant disbursement and Paybill repayments',
      },
      {
        key: 'daraja',
        name: 'Safaricom Daraja API',
        description: 'STK Push to load capital from your phone',
      },
      {
        key: 'bank',
        name: 'Bank transfer',
        description: 'Fund your business from any Kenyan bank',
      },
      {
        key: 'notifications',
        name: 'Email alerts',
        description: 'Approvals, resets and receipts in your inbox',
      },
    ],
  },

  testimonials: {
    eyebrow: 'Testimonials',
    title: 'Trusted by lenders across Kenya',
    description: 'Lenders from Nairobi to Mombasa run their books on Mkopo.',
    items: [
      {
        name: 'Wanjiru Kamau',
        role: 'Founder, Kamau Capital · Nairobi',
        initials: 'WK',
        highlight: '30% increase in returns',
        quote:
          'I used to track 200 loans in exercise books. Now every M-Pesa repayment is matched automatically, and my returns went up 30% in six months.',
      },
      {
        name: 'Otieno Odhiambo',
        role: 'Director, Lakeside Credit · Kisumu',
        initials: 'OO',
        highlight: '40% increase in returns',
        quote:
          'Instant disbursement keeps my borrowers loyal, and the credibility reports cut our defaults. Our returns increased by 40% this year.',
      },
      {
        name: 'Amina Hassan',
        role: 'Managing Partner, Pwani Lending · Mombasa',
        initials: 'AH',
        highlight: '6 agents, one dashboard',
        quote:
          'My agents register borrowers and follow up on overdue loans from their phones. I see every shilling in real time, wherever I am.',
      },
    ],
  },

  comparison: {
    eyebrow: 'Comparison',
    title: 'Mkopo vs traditional lending',
    description: 'Less paperwork, faster money and a clear view of every loan.',
    featureHeader: 'Feature',
    mkopoHeader: 'Mkopo',
    traditionalHeader: 'Traditional lending',
    swipeHint: 'Swipe the table sideways to compare',
    rows: [
      {
        feature: 'Disbursement',
        mkopo: 'Instant via M-Pesa',
        traditional: '3-5 business days',
      },
      {
        feature: 'Repayment collection',
        mkopo: 'Automated M-Pesa Paybill matching',
        traditional: 'Manual cash collection',
      },
      {
        feature: 'Analytics',
        mkopo: 'Real-time dashboards and reports',
        traditional: 'Monthly spreadsheets',
      },
      {
        feature: 'Agent management',
        mkopo: 'Agent logins, follow-ups and activity',
        traditional: 'Phone calls and paper records',
      },
      {
        feature: 'Setup time',
        mkopo: 'Under a day',
        traditional: 'Weeks of paperwork',
      },
      {
        feature: 'Mobile access',
        mkopo: 'Any phone browser; mobile app in development',
        traditional: 'Office hours only',
      },
    ],
  },

  faq: {
    eyebrow: 'FAQ',
    title: 'Frequently asked questions',
    description: 'Can’t find your answer? Our support team is available 24/7.',
    columns: [
      [
        {
          key: 'who',
          question: 'Who can lend on Mkopo?',
          answer:
            'Any registered lending business or individual lender in Kenya. Sign up, complete your profile and upload your documents; our team reviews every application.',
        },
        {
          key: 'approval',
          question: 'How long does approval take?',
          answer:
            'Lender applications are reviewed within 1-2 business days. You can follow the status of your application after signing in.',
        },
        {
          key: 'funds',
          question: 'How do I load funds into my business?',
          answer:
            'Add capital by M-Pesa (you confirm the payment on your phone) or by bank transfer. Every top-up and withdrawal is recorded in your capital history.',
        },
        {
          key: 'disbursement',
          question: 'How are loans disbursed?',
          answer:
            'Once you approve a loan, Mkopo sends the money to the borrower’s M-Pesa number instantly, instead of the 3-5 business days of traditional lending.',
        },
      ],
      [
        {
          key: 'repayments',
          question: 'How are repayments collected and tracked?',
          answer:
            'Borrowers pay to your M-Pesa Paybill using their loan code. Mkopo matches each payment to the right loan and updates balances and penalties automatically.',
        },
        {
          key: 'businesses',
          question: 'Can I run more than one lending business?',
          answer:
            'Yes. One lender account can run several businesses, each with its own capital, loan plans, agents and reports.',
        },
        {
          key: 'agents',
          question: 'How do field agents use Mkopo?',
          answer:
            'You register agents and they sign in with their own accounts to register borrowers, file loan applications and follow up on overdue loans.',
        },
        {
          key: 'mobile',
          question: 'Is there a mobile app?',
          answer:
            'A Mkopo mobile app is in development. Meanwhile Mkopo works in any phone browser and can be added to your home screen.',
        },
      ],
    ],
  },

  cta: {
    title: 'Ready to grow your lending business?',
    description:
      'Join thousands of Kenyan lenders who disburse instantly, collect on time and see their whole portfolio in real time.',
    primary: 'Start lending today',
    secondary: 'Login',
    mobileApp: 'Mobile app in development',
  },

  footer: {
    tagline: 'Digital lending for Kenyan lenders, their field agents and borrowers.',
    lendersHeading: 'Lenders',
    lenderLogin: 'Lender Login',
    lenderRegister: 'Register as a Lender',
    agentsHeading: 'Agents',
    agentLogin: 'Agent Login',
    supportHeading: 'Support',
    admin: 'Admin',
    copyright: (year: number) => `© ${year} Mkopo. All rights reserved.`,
  },
} as const;
