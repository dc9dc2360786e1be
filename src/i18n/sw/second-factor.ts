/** The Kiswahili side of src/i18n/second-factor.ts. */
import type { Catalogue } from '../language';
import type { secondFactorEnglish } from '../second-factor';

export const secondFactor: Catalogue<typeof secondFactorEnglish> = {
  codeTitle: 'Weka nambari yako',
  codeSubtitle:
    'Fungua programu yako ya uthibitishaji na uandike nambari ya tarakimu 6 inayoonyesha kwa Mkopo.',
  codeLabel: 'Nambari',
  codePlaceholder: '123456',
  verify: 'Thibitisha',
  verifying: 'Inathibitisha...',
  useRecoveryCode: 'Tumia nambari ya akiba badala yake',
  useAppCode: 'Tumia nambari ya programu badala yake',
  recoveryCodeLabel: 'Nambari ya akiba',
  recoveryCodePlaceholder: 'xxxxx-xxxxx',
  startOver: 'Anza upya',
  challengeExpired:
    'Kuingia kumechukua muda mrefu mno. Tafadhali weka barua pepe na nenosiri lako tena.',
  enrolTitle: 'Weka uthibitishaji wa hatua ya pili',
  enrolSubtitle:
    'Kuingia kutaomba nambari kutoka kwa programu ya uthibitishaji kwenye simu yako pamoja na nenosiri lako.',
  enrolRequired: 'Wasimamizi lazima waweke uthibitishaji wa hatua ya pili kabla ya kuendelea.',
  enrolBusinessRequired:
    'Mojawapo ya biashara zako inahitaji uthibitishaji wa hatua ya pili kwa akaunti yako.',
  enrolStepScan:
    'Changanua msimbo huu wa QR kwa programu ya uthibitishaji (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis…).',
  enrolStepType: 'Au andika ufunguo huu kwenye programu:',
  secretLabel: 'Ufunguo',
  qrAlt: 'Msimbo wa QR wa ufunguo wako wa uthibitishaji wa Mkopo',
  enrolStepConfirm:
    'Kisha andika nambari ya tarakimu 6 inayoonyeshwa na programu ili kuthibitisha.',
  confirm: 'Thibitisha',
  confirming: 'Inathibitisha...',
  startEnrol: 'Weka uthibitishaji wa hatua ya pili',
  starting: 'Inaandaa...',
  recoveryTitle: 'Nambari zako za akiba',
  recoveryText:
    'Hifadhi nambari hizi mahali salama, mbali na simu yako. Kila moja inakuingiza mara moja ukipoteza simu yako. Zinaonyeshwa sasa tu.',
  recoveryDone: 'Nimehifadhi nambari zangu za akiba',
  copyCodes: 'Nakili nambari',
  copied: 'Imenakiliwa',
  enrolledTitle: 'Uthibitishaji wa hatua ya pili umewashwa',
  enrolled: 'Uthibitishaji wako wa hatua ya pili umewashwa. Kuingia kutaomba nambari.',
  continueLabel: 'Endelea',
  settingsTitle: 'Uthibitishaji wa hatua ya pili',
  settingsOff: 'Umezimwa: kuingia kunaomba nenosiri lako tu.',
  settingsOn: 'Umewashwa: kuingia kunaomba nambari kutoka kwa programu yako ya uthibitishaji.',
  recoveryLeft: (left: number) =>
    left === 1 ? 'Imebaki nambari 1 ya akiba.' : `Zimebaki nambari ${left} za akiba.`,
  turnOff: 'Zima',
  turnOffTitle: 'Zima uthibitishaji wa hatua ya pili',
  turnOffText: 'Andika nambari kutoka kwa programu yako ili kuzima uthibitishaji wa hatua ya pili.',
  turnedOff: 'Uthibitishaji wa hatua ya pili umezimwa.',
  businessRequiresLabel: 'Hitaji uthibitishaji wa hatua ya pili kwa akaunti yangu',
  businessRequiresDescription:
    'Hili likiwa limewashwa, uthibitishaji wa hatua ya pili hauwezi kuzimwa na kuingia huomba nambari kila mara.',
  businessRequirementSaved: 'Imehifadhiwa.',
  stepUpTitle: 'Thibitisha kuwa ni wewe',
  stepUpText: 'Andika nambari kutoka kwa programu yako ya uthibitishaji ili kuendelea.',
  cancel: 'Ghairi',
  codeRequired: 'Weka nambari ya tarakimu 6 au nambari ya akiba.',
  invalidCode: 'Nambari hiyo si sahihi. Angalia saa ya simu yako na ujaribu tena.',
  codeReused: 'Nambari hiyo imetumika sasa hivi. Subiri nambari inayofuata na ujaribu tena.',
  enrolmentRequired: 'Weka uthibitishaji wa hatua ya pili ili kuendelea.',
  stepUpRequired: 'Weka nambari kutoka kwa programu yako ya uthibitishaji ili kuthibitisha hili.',
  alreadyEnrolled: 'Akaunti hii tayari ina uthibitishaji wa hatua ya pili.',
  noEnrolment: 'Anza kwanza kuweka uthibitishaji wa hatua ya pili.',
  notEnrolled: 'Akaunti hii haina uthibitishaji wa hatua ya pili.',
  factorRequiredByRole: 'Wasimamizi hawawezi kuzima uthibitishaji wao wa hatua ya pili.',
  factorRequiredByBusiness:
    'Mojawapo ya biashara zako inahitaji uthibitishaji wa hatua ya pili. Zima hilo kwanza kwenye mipangilio ya biashara.',
  enrolBeforeRequiring: 'Washa kwanza uthibitishaji wako wa hatua ya pili kabla ya kuuhitaji.',
  userNotFound: 'Mtumiaji hakupatikana.',
  factorReset:
    'Uthibitishaji wa hatua ya pili umewekwa upya na vipindi vyote vya mtumiaji huyo vimeisha.',
  agentsNoFactor: 'Mawakala huingia kwa nenosiri tu.',
};
