// The verification page's words in English and Hindi. English is the spec's text where the spec has
// one ('Product Verification Detail', 'Details Form', the form's messages); Hindi translates the page's
// own labels. The server's messages are shown as sent, except the known ones (verify-rules.ts
// VERIFY_MSG, points-words.ts POINTS_MSG), which Hindi mode shows translated (hindiMessage).
import { POINTS_MSG } from '../shared/contracts/loyalty/points-words.js';
import { VERIFY_MSG } from '../shared/contracts/public/verify-rules.js';

export type Lang = 'en' | 'hi';

const EN = {
  title: 'Product Verification Detail',
  language: 'Language',
  checking: 'Checking this product…',
  locating: 'Finding your place… (you may allow or refuse)',
  genuine: 'Genuine product',
  notGenuine: 'Not genuine',
  recalledTitle: 'Recalled: do not use',
  expiredTitle: 'Expired: do not use',
  writtenOffTitle: 'Written off: do not use',
  verifiedBefore: 'Warning: verified before',
  firstVerified: 'First verified',
  earned: (n: number) => `You earned ${n} points`,
  pleaseFill: 'Details needed',
  openForm: 'Fill in your details',
  playAudio: 'Play sound',
  pauseAudio: 'Pause sound',
  description: 'Description',
  technicalName: 'Technical Name',
  gtin: 'GTIN',
  batch: 'Batch No.',
  mfg: 'MFG Date',
  expiry: 'Expiry Date',
  leaflet: 'Leaflet (PDF)',
  label: 'Label (PDF)',
  customerCare: 'Customer Care',
  tollFree: 'Toll-free',
  manufacturer: 'Manufacturer',
  uom: 'UOM',
  marketedBy: 'Marketed By',
  registrationNo: 'Registration No.',
  cautionary: 'Cautionary Symbol',
  antidote: 'Antidote Statement',
  productImage: 'Product image',
  detailsForm: 'Details Form',
  name: 'Name',
  email: 'Email (optional)',
  mobile: 'Mobile No',
  submit: 'Submit',
  sending: 'Sending…',
  close: 'Close',
  points: 'My Points',
  balance: 'Balance',
  pointsUnit: 'points',
  history: 'Points history',
  noHistory: 'No points yet.',
  earnedEntry: 'Earned',
  redeemedEntry: 'Redeemed',
  waiting: 'waiting for approval',
  accepted: 'accepted',
  redeemTitle: 'Redeem points',
  pointsToRedeem: 'Points to redeem',
  redeem: 'Redeem',
  loadingPoints: 'Loading your points…',
  feedback: 'Your feedback',
  feedbackHint: 'Tell us about this product',
  sendFeedback: 'Send feedback',
  retry: 'Retry',
  offline: 'No connection. Check your mobile data or Wi-Fi and try again.',
  serverDown: 'The server could not answer just now. Please try again in a moment.',
} as const;

type Words = { [K in keyof typeof EN]: (typeof EN)[K] extends (n: number) => string ? (n: number) => string : string };

const HI: Words = {
  title: 'उत्पाद सत्यापन विवरण',
  language: 'भाषा',
  checking: 'उत्पाद की जाँच हो रही है…',
  locating: 'आपका स्थान देखा जा रहा है… (आप अनुमति दें या मना करें)',
  genuine: 'असली उत्पाद',
  notGenuine: 'असली नहीं',
  recalledTitle: 'वापस मंगाया गया: उपयोग न करें',
  expiredTitle: 'एक्सपायर हो चुका: उपयोग न करें',
  writtenOffTitle: 'रद्द किया गया: उपयोग न करें',
  verifiedBefore: 'चेतावनी: पहले भी जाँचा गया',
  firstVerified: 'पहली बार जाँचा गया',
  earned: (n: number) => `आपने ${n} अंक कमाए`,
  pleaseFill: 'विवरण चाहिए',
  openForm: 'अपना विवरण भरें',
  playAudio: 'आवाज़ सुनें',
  pauseAudio: 'आवाज़ रोकें',
  description: 'विवरण',
  technicalName: 'तकनीकी नाम',
  gtin: 'GTIN',
  batch: 'बैच नंबर',
  mfg: 'निर्माण तिथि',
  expiry: 'समाप्ति तिथि',
  leaflet: 'पत्रक (PDF)',
  label: 'लेबल (PDF)',
  customerCare: 'ग्राहक सेवा',
  tollFree: 'टोल-फ़्री',
  manufacturer: 'निर्माता',
  uom: 'इकाई',
  marketedBy: 'विपणनकर्ता',
  registrationNo: 'पंजीकरण संख्या',
  cautionary: 'सावधानी चिह्न',
  antidote: 'प्रतिविष (एंटीडोट) कथन',
  productImage: 'उत्पाद का चित्र',
  detailsForm: 'विवरण फ़ॉर्म',
  name: 'नाम',
  email: 'ईमेल (वैकल्पिक)',
  mobile: 'मोबाइल नंबर',
  submit: 'जमा करें',
  sending: 'भेजा जा रहा है…',
  close: 'बंद करें',
  points: 'मेरे अंक',
  balance: 'शेष अंक',
  pointsUnit: 'अंक',
  history: 'अंकों का हिसाब',
  noHistory: 'अभी कोई अंक नहीं।',
  earnedEntry: 'कमाए',
  redeemedEntry: 'भुनाए',
  waiting: 'स्वीकृति बाकी',
  accepted: 'स्वीकृत',
  redeemTitle: 'अंक भुनाएँ',
  pointsToRedeem: 'भुनाने के अंक',
  redeem: 'भुनाएँ',
  loadingPoints: 'आपके अंक लाए जा रहे हैं…',
  feedback: 'आपकी राय',
  feedbackHint: 'इस उत्पाद के बारे में बताएँ',
  sendFeedback: 'राय भेजें',
  retry: 'फिर से कोशिश करें',
  offline: 'इंटरनेट कनेक्शन नहीं मिला। मोबाइल डेटा या वाई-फ़ाई जाँचें और फिर से कोशिश करें।',
  serverDown: 'सर्वर अभी जवाब नहीं दे सका। कृपया थोड़ी देर बाद फिर से कोशिश करें।',
};

export const WORDS: Record<Lang, Words> = { en: EN, hi: HI };

// The server's known messages in Hindi. Messages with a value in them are matched by their English
// template (the function called with markers), so a change of wording there cannot pass unnoticed
// (tests/unit/client/public-page-words.test.ts).
const FIXED: ReadonlyArray<readonly [string, string]> = [
  [VERIFY_MSG.genuine, 'यह असली उत्पाद है।'],
  [
    VERIFY_MSG.forged,
    'यह कोड असली नहीं है: कंपनी ने इसे कभी जारी नहीं किया। इस पैक का उपयोग न करें, और जिस दुकान से खरीदा है उसे बताएँ।',
  ],
  [VERIFY_MSG.unmapped, 'यह कोड अभी किसी उत्पाद पर नहीं है: इस पैक का उपयोग न करें, और जिस दुकान से खरीदा है उसे बताएँ।'],
  [VERIFY_MSG.demapped, 'कंपनी ने यह कोड इसके उत्पाद से हटा लिया है: इस पैक का उपयोग न करें।'],
  [VERIFY_MSG.replaced, 'कंपनी ने यह कोड एक नए कोड से बदल दिया है: पैक पर लगा नया लेबल देखें।'],
  [VERIFY_MSG.damaged(''), 'कंपनी ने इस पैक को नष्ट/रद्द घोषित किया है: इसका उपयोग न करें।'],
  [VERIFY_MSG.recalled(''), 'कंपनी ने यह बैच वापस मंगाया है: इस पैक का उपयोग न करें, इसे दुकान पर लौटा दें।'],
  [VERIFY_MSG.detailsNeeded, 'इस उत्पाद की जाँच करने और लॉयल्टी अंक पाने के लिए अपना विवरण भरें।'],
  [VERIFY_MSG.name, 'कृपया अपना नाम लिखें।'],
  [VERIFY_MSG.nameAlpha, 'कृपया केवल अक्षर लिखें।'],
  [VERIFY_MSG.email, 'कृपया अपना ईमेल लिखें।'],
  [VERIFY_MSG.emailValid, 'कृपया सही ईमेल लिखें।'],
  [VERIFY_MSG.mobile, 'कृपया अपना मोबाइल नंबर लिखें।'],
  [VERIFY_MSG.mobileValid, 'कृपया सही मोबाइल नंबर लिखें।'],
  [VERIFY_MSG.code, 'पैक पर लगा QR कोड स्कैन करें।'],
  [VERIFY_MSG.tooMany, 'इस नेटवर्क से बहुत अधिक जाँचें हुई हैं: कृपया एक मिनट बाद फिर से कोशिश करें।'],
  [VERIFY_MSG.busy, 'अभी बहुत से लोग जाँच कर रहे हैं: कृपया थोड़ी देर बाद फिर से कोशिश करें।'],
  [POINTS_MSG.points, 'भुनाने के अंक लिखें: 1 या उससे बड़ी पूरी संख्या।'],
  [POINTS_MSG.pending, 'आपका पिछला अनुरोध अभी कंपनी की स्वीकृति की प्रतीक्षा में है: स्वीकृत होने के बाद आप फिर से अनुरोध कर सकते हैं।'],
  [POINTS_MSG.notYours, 'पहले अपने मोबाइल नंबर से किसी पैक की जाँच करें: अंक उसी जाँच से भुनाए जाते हैं जिससे वे मिले थे।'],
  [POINTS_MSG.feedback, 'कृपया अपनी राय लिखें।'],
  [POINTS_MSG.feedbackSaved, 'आपकी राय के लिए धन्यवाद।'],
  [POINTS_MSG.feedbackNotAsked, 'यह उत्पाद राय नहीं लेता।'],
  [POINTS_MSG.feedbackGiven, 'इस जाँच के लिए आपकी राय पहले ही मिल चुकी है।'],
  [POINTS_MSG.feedbackUnknown, 'यह जाँच नहीं मिली: अपनी राय देने के लिए पैक को फिर से स्कैन करें।'],
];
const FIXED_HI = new Map(FIXED);

const FIELD_HI: Record<string, string> = {
  GTIN: 'GTIN',
  batch: 'बैच',
  'MFG date': 'निर्माण तिथि',
  'expiry date': 'समाप्ति तिथि',
};

/** Markers for a template's values: a number for counts, control characters for text. */
const NUM = 987654321;
const TXT = ['\u0001', '\u0002'] as const;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The English text with its markers as capture groups, anchored. */
const template = (text: string) =>
  new RegExp(`^${escape(text).replace(String(NUM), '(\\d+)').replace(TXT[0], '(.+?)').replace(TXT[1], '(.+?)')}$`, 's');

type Rule = readonly [RegExp, (...v: string[]) => string];
const TEMPLATES: readonly Rule[] = [
  [
    template(VERIFY_MSG.verifiedBefore(NUM, TXT[0], TXT[1])),
    (n, first, place) =>
      `यह कोड पहले ${n} बार जाँचा जा चुका है, पहली बार ${first} को ${place} में। अगर वह आप नहीं थे, तो यह पैक नकली हो सकता है: दुकान से पूछें।`,
  ],
  [
    template(VERIFY_MSG.verifiedBefore(NUM, TXT[0], '')),
    (n, first) =>
      `यह कोड पहले ${n} बार जाँचा जा चुका है, पहली बार ${first} को। अगर वह आप नहीं थे, तो यह पैक नकली हो सकता है: दुकान से पूछें।`,
  ],
  [
    template(VERIFY_MSG.verifiedBefore(1, TXT[0], TXT[1])),
    (first, place) =>
      `यह कोड पहले एक बार जाँचा जा चुका है, ${first} को ${place} में। अगर वह आप नहीं थे, तो यह पैक नकली हो सकता है: दुकान से पूछें।`,
  ],
  [
    template(VERIFY_MSG.verifiedBefore(1, TXT[0], '')),
    (first) => `यह कोड पहले एक बार जाँचा जा चुका है, ${first} को। अगर वह आप नहीं थे, तो यह पैक नकली हो सकता है: दुकान से पूछें।`,
  ],
  [
    template(VERIFY_MSG.damaged(TXT[0])),
    (reason) => `कंपनी ने इस पैक को नष्ट/रद्द घोषित किया है (${reason}): इसका उपयोग न करें।`,
  ],
  [
    template(VERIFY_MSG.recalled(TXT[0])),
    (reason) => `कंपनी ने यह बैच वापस मंगाया है (${reason}): इस पैक का उपयोग न करें, इसे दुकान पर लौटा दें।`,
  ],
  [
    template(VERIFY_MSG.expired(TXT[0])),
    (date) => `यह पैक ${date} को एक्सपायर हो चुका है: इसका उपयोग न करें, इसे दुकान पर लौटा दें।`,
  ],
  [
    template(VERIFY_MSG.labelMismatch(TXT[0])),
    (field) =>
      `इस QR कोड में दी गई ${FIELD_HI[field] ?? field} इस पैक की नहीं है: लेबल नकली हो सकता है। इस पैक का उपयोग न करें, और जिस दुकान से खरीदा है उसे बताएँ।`,
  ],
  [template(POINTS_MSG.overBalance(NUM)), (n) => `आपके पास ${n} अंक हैं: आप इससे अधिक नहीं भुना सकते।`],
  [template(POINTS_MSG.requested(NUM)), (n) => `${n} अंक भुनाने का आपका अनुरोध कंपनी को भेज दिया गया है।`],
];

/** A server message in Hindi when it is one the page knows; otherwise as sent. */
export function hindiMessage(message: string): string {
  const fixed = FIXED_HI.get(message);
  if (fixed !== undefined) return fixed;
  for (const [pattern, hindi] of TEMPLATES) {
    const m = pattern.exec(message);
    if (m) return hindi(...m.slice(1));
  }
  return message;
}

/** A message in the page's language. */
export const say = (lang: Lang, message: string) => (lang === 'hi' ? hindiMessage(message) : message);
